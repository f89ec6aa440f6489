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
  /** One-to-many/many-to-many embeds nested at most this deep in one request (decision 0253); 0: any. */
  restMaxEmbedDepth: z.coerce.number({ error: 'must be a number' }).int().min(0),
};

export const REST_ENV_NAMES = {
  apiSchemas: 'GATHER_API_SCHEMAS',
  apiExtraSearchPath: 'GATHER_API_EXTRA_SEARCH_PATH',
  restStatementTimeoutMs: 'GATHER_REST_STATEMENT_TIMEOUT_MS',
  restMaxBodyBytes: 'GATHER_REST_MAX_BODY_BYTES',
  restMaxEmbedDepth: 'GATHER_REST_MAX_EMBED_DEPTH',
} as const;

export const REST_DEFAULTS = {
  apiSchemas: ['public', 'graphql_public'],
  apiExtraSearchPath: ['public', 'extensions'],
  restStatementTimeoutMs: 8000,
  restMaxBodyBytes: 10 * 1024 * 1024,
  restMaxEmbedDepth: 3,
};

/** The `[api]` keys read from config.toml. */
export function restTomlSettings(api: Record<string, unknown>, pick: (t: Record<string, unknown>, key: string) => unknown): Record<string, unknown> {
  return { apiSchemas: pick(api, 'schemas'), apiExtraSearchPath: pick(api, 'extra_search_path') };
}
