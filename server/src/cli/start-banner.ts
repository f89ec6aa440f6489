import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config-schema.ts';
import type { ApiKeys } from '../http/api-keys.ts';
import type { PreparedDatabase } from '../db/prepare-database.ts';
import { resolveS3Keys, s3EndpointUrl } from '../s3/s3-keys.ts';
import { requestLimitLine, requestLimitScope } from '../auth/request-limit-scope.ts';
import { SMALL_MEMORY_V8_FLAGS } from './v8-settings.ts';

/** The S3 protocol's endpoint and keys, as `supabase status` shows them (when it is on). */
function s3Lines(config: Config, url: string): string[] {
  if (!config.storageS3Protocol) return [];
  const s3 = resolveS3Keys(config);
  return [`S3 storage URL: ${s3EndpointUrl(url)}`, `S3 access key: ${s3.accessKeyId}`, `S3 secret key: ${s3.secretAccessKey}`, `S3 region: ${s3.region}`];
}

/** Said when PGlite runs in small-memory mode (v8-settings.ts), chosen or picked for a small box. */
export const SMALL_MEMORY_LINE =
  "memory: small-memory mode (PGlite's WebAssembly is not optimised: ~70 MiB less, ~35% more CPU per query; GATHER_SMALL_MEMORY=0 turns it off)";

/** What `start` prints once it serves: migrations and seed, `ready <url>`, the inbox, the keys, the demo notes. */
export function printStartBanner(config: Config, url: string, keys: ApiKeys, prepared: PreparedDatabase, workers = 1): void {
  if (prepared.migrations.length > 0) console.log(`applied ${prepared.migrations.length} migration(s)`);
  if (prepared.seeded) console.log(`loaded ${prepared.seedFiles.join(', ')}`);
  if (workers > 1) console.log(`workers: ${workers}`);
  if (config.dbTarget.kind !== 'postgres' && SMALL_MEMORY_V8_FLAGS.every((f) => process.execArgv.includes(f))) console.log(SMALL_MEMORY_LINE);
  console.log(`ready ${url}`);
  // Sign-up and sign-in mail lands there in development: a newcomer's first question (issue 32).
  if (!config.production) console.log(`inbox: ${url}/_inbox (the mail and text messages the server sends)`);
  console.log(`anon key: ${keys.anonKey}`);
  console.log(`service_role key: ${keys.serviceRoleKey}`);
  console.log(`publishable key: ${keys.publishableKey}`);
  console.log(`secret key: ${keys.secretKey}`);
  for (const line of s3Lines(config, url)) console.log(line);
  console.log(requestLimitLine(requestLimitScope(config)));
  for (const note of seedNotes(config.project)) console.log(note);
}

/** Lines of seed.sql that start with `-- demo:` (how to sign in to the demo data), printed at start. */
function seedNotes(projectDir: string): string[] {
  const file = join(projectDir, 'seed.sql');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('-- demo:'))
    .map((l) => l.slice(3).trim());
}
