import * as z from 'zod';

/** REST (PostgREST) settings, spread into the shared config; `[api]` keys in config.toml. */
const schemaList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''));

export const restConfigFields = {
  /** Exposed schemas (`[api] schemas`); the first is the default. */
  apiSchemas: schemaList.refine((v) => v.length > 0, 'must name at least one schema'),
  /** Appended to search_path for every request (`[api] extra_search_path`). */
  apiExtraSearchPath: schemaList,
  /** Per-request statement timeout in milliseconds; 0 disables it. Role settings override it. */
  restStatementTimeoutMs: z.coerce.number({ error: 'must be a number' }).int().min(0),
  /** Largest request body accepted by /rest/v1, in bytes. */
  restMaxBodyBytes: z.coerce.number({ error: 'must be a number' }).int().min(1024),
};

export const REST_ENV_NAMES = {
  apiSchemas: 'GATHER_API_SCHEMAS',
  apiExtraSearchPath: 'GATHER_API_EXTRA_SEARCH_PATH',
  restStatementTimeoutMs: 'GATHER_REST_STATEMENT_TIMEOUT_MS',
  restMaxBodyBytes: 'GATHER_REST_MAX_BODY_BYTES',
} as const;

export const REST_DEFAULTS = {
  apiSchemas: ['public', 'graphql_public'],
  apiExtraSearchPath: ['public', 'extensions'],
  restStatementTimeoutMs: 8000,
  restMaxBodyBytes: 10 * 1024 * 1024,
};

/** The `[api]` keys read from config.toml. */
export function restTomlSettings(api: Record<string, unknown>, pick: (t: Record<string, unknown>, key: string) => unknown): Record<string, unknown> {
  return { apiSchemas: pick(api, 'schemas'), apiExtraSearchPath: pick(api, 'extra_search_path') };
}
