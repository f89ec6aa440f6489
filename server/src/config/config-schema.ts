import * as z from 'zod';

/** Where the database lives: an embedded PGlite folder, PGlite in memory, or a PostgreSQL URL. */
export type DbTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string };

export function parseDbTarget(value: string): DbTarget {
  if (value === 'memory' || value === 'memory://') return { kind: 'memory' };
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new Error(`--db: "${value}" is not a valid postgres:// URL`);
    }
    return { kind: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`--db: unsupported scheme in "${value}" (use a folder path, "memory" or postgres://…)`);
  }
  if (value.trim() === '') throw new Error('--db: empty value (use a folder path, "memory" or postgres://…)');
  return { kind: 'pglite', dataDir: value };
}

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const jwtSecret = z.string().min(32, 'must be at least 32 characters');

export const configSchema = z.object({
  project: z.string().min(1),
  port,
  host: z.string().min(1),
  db: z.string().min(1),
  storage: z.string().min(1),
  web: z.string().min(1).optional(),
  jwtSecret,
  anonKey: z.string().min(1).optional(),
  serviceRoleKey: z.string().min(1).optional(),
  publishableKey: z.string().min(1),
  secretKey: z.string().min(1),
  siteUrl: z.url({ error: 'must be a URL' }).optional(),
  jwtExpiry: z.coerce.number().int().min(30).max(604800),
  maxRows: z.coerce.number().int().min(1),
  autoExposeNewTables: z.coerce.boolean(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  production: z.boolean(),
});

export type ConfigInput = z.input<typeof configSchema>;
export type Config = z.output<typeof configSchema> & { dbTarget: DbTarget };
