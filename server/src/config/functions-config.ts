import * as z from 'zod';

/**
 * Server functions, scheduled jobs (pg_cron) and outbound HTTP from SQL (pg_net): their settings,
 * spread into the shared config. Per-function settings come from config.toml's
 * `[functions.<name>]` tables, as the Supabase CLI reads them.
 */
const positive = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more');

const onOff = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');

const functionSettings = z.object({
  /** `verify_jwt`: require a valid project JWT (default true, as on Supabase). */
  verifyJwt: onOff.optional(),
  /** `enabled = false` hides the function (404), as `supabase functions serve` does. */
  enabled: onOff.optional(),
  /** `import_map`: a Deno import map (relative to the project folder). */
  importMap: z.string().optional(),
  /** `entrypoint`: another entry file than `index.ts` (relative to the project folder). */
  entrypoint: z.string().optional(),
});

export type FunctionSettings = z.output<typeof functionSettings>;

export const functionsConfigFields = {
  /** Where function code runs: `process` (isolated, the default) or `thread` (faster; see worker-host.ts). */
  functionsIsolation: z.enum(['process', 'thread'], { error: 'must be process or thread' }),
  /** Heap limit of one function worker, MB (Supabase: 256). Over it the worker is replaced: 546. */
  functionsMemoryMb: positive,
  /** A request with no response after this many seconds gets 504 (Supabase's idle timeout: 150). */
  functionsRequestTimeoutS: positive,
  /** Workers per function, started as concurrent requests need them. */
  functionsWorkersPerFunction: positive,
  /** A function worker with nothing to do for this many seconds exits (its memory returned); the next request starts one. */
  functionsWorkerIdleS: positive,
  /** Per-function settings from `[functions.<name>]`. */
  functions: z.record(z.string(), functionSettings),
  /** Where fetched `npm:`, `jsr:` and URL imports are kept (Deno's DENO_DIR); '' = ~/.cache/gather/functions. */
  functionsCacheDir: z.string(),
  /** Never fetch imports, use the cache only (Deno's `--cached-only`). */
  functionsCachedOnly: onOff,
  /** The npm registry for `npm:` imports (Deno reads NPM_CONFIG_REGISTRY too). */
  functionsNpmRegistry: z.url({ error: 'must be a URL' }),
  /** The JSR registry for `jsr:` imports (Deno's JSR_URL). */
  functionsJsrUrl: z.url({ error: 'must be a URL' }),
  /** Tests: `https://deno.land=http://127.0.0.1:8001,…` fetches URL imports of that origin from another base. */
  functionsUrlOrigins: z.string(),
  /** Run pg_cron jobs and send pg_net requests from this instance (turn off on extra replicas). */
  backgroundJobs: onOff,
  /** Where `Supabase.ai.Session` finds its models (`<dir>/gte-small/`); '' = ~/.cache/gather/models. */
  functionsAiModelsDir: z.string(),
};

export const FUNCTIONS_ENV_NAMES = {
  functionsIsolation: 'GATHER_FUNCTIONS_ISOLATION',
  functionsMemoryMb: 'GATHER_FUNCTIONS_MEMORY_MB',
  functionsRequestTimeoutS: 'GATHER_FUNCTIONS_REQUEST_TIMEOUT_S',
  functionsWorkersPerFunction: 'GATHER_FUNCTIONS_WORKERS',
  functionsWorkerIdleS: 'GATHER_FUNCTIONS_WORKER_IDLE_S',
  functionsCacheDir: 'GATHER_FUNCTIONS_CACHE_DIR',
  functionsCachedOnly: 'GATHER_FUNCTIONS_CACHED_ONLY',
  functionsNpmRegistry: 'NPM_CONFIG_REGISTRY',
  functionsJsrUrl: 'JSR_URL',
  functionsUrlOrigins: 'GATHER_FUNCTIONS_URL_ORIGINS',
  backgroundJobs: 'GATHER_BACKGROUND_JOBS',
  functionsAiModelsDir: 'GATHER_AI_MODELS_DIR',
} as const;

export const FUNCTIONS_DEFAULTS = {
  functionsIsolation: 'process' as const,
  functionsMemoryMb: 256,
  functionsRequestTimeoutS: 150,
  functionsWorkersPerFunction: 2,
  functionsWorkerIdleS: 60,
  functions: {},
  functionsCacheDir: '',
  functionsCachedOnly: false,
  functionsNpmRegistry: 'https://registry.npmjs.org/',
  functionsJsrUrl: 'https://jsr.io/',
  functionsUrlOrigins: '',
  backgroundJobs: true,
  functionsAiModelsDir: '',
};

type Table = Record<string, unknown>;

/** `[functions.<name>] verify_jwt / enabled / import_map / entrypoint`, as the CLI reads them. */
export function functionsTomlSettings(doc: Table, pick: (t: Table, key: string) => unknown): Record<string, unknown> {
  const fns = doc.functions;
  if (!fns || typeof fns !== 'object' || Array.isArray(fns)) return {};
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(fns as Table)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const t = value as Table;
    const entry = {
      verifyJwt: pick(t, 'verify_jwt'),
      enabled: pick(t, 'enabled'),
      importMap: pick(t, 'import_map'),
      entrypoint: pick(t, 'entrypoint'),
    };
    out[name] = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  }
  return { functions: out };
}
