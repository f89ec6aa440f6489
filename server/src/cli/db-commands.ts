import type { Config } from '../config/config-schema.ts';
import { openDb } from '../db/open-db.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { resetDatabase } from '../db/reset.ts';
import { applySeed } from '../db/seed.ts';
import { seedBuckets, type SeedBucketsResult } from '../storage/seed-buckets.ts';
import type { Db } from '../db/db-types.ts';
import { writeFileSync } from 'node:fs';
import { pgliteModules } from '../db/extensions.ts';
import { dumpDataFolder, DumpError } from '../db/pglite-dump.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

async function withDb(config: Config, fn: (db: Db) => Promise<void>): Promise<void> {
  const db = await openDb(config.dbTarget);
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

export function runMigrate(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    const { migrations } = await prepareDatabase(db, config, { seed: false });
    console.log(migrations.length ? migrations.map((m) => `applied ${m.version} ${m.name}`).join('\n') : 'no pending migrations');
  });
}

/** `uploaded 3 seed file(s) to 2 bucket(s)`, or nothing when config.toml names no buckets. */
function bucketsLine(r: SeedBucketsResult): string | undefined {
  if (r.buckets === 0) return undefined;
  return `uploaded ${r.uploaded} seed file(s) to ${r.buckets} bucket(s)${r.unchanged ? `, ${r.unchanged} unchanged` : ''}`;
}

export function runSeed(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    await prepareDatabase(db, config, { seed: false });
    const loaded = await applySeed(db, config.project, true, { enabled: config.seedEnabled, paths: config.seedPaths });
    console.log(loaded.length > 0 ? `loaded ${loaded.join(', ')}` : config.seedEnabled ? 'no seed files in the project' : 'seeding is off ([db.seed] enabled = false)');
    const buckets = bucketsLine(await seedBuckets(db, config));
    if (buckets) console.log(buckets);
  });
}

/** `supabase seed buckets`: the buckets and their files, without running seed.sql. */
export function runSeedBuckets(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    await prepareDatabase(db, config, { seed: false });
    console.log(bucketsLine(await seedBuckets(db, config)) ?? 'no [storage.buckets] in config.toml');
  });
}

export function runReset(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    await resetDatabase(db);
    const { migrations, seeded, seedFiles } = await prepareDatabase(db, config);
    console.log(`reset: applied ${migrations.length} migration(s)${seeded ? `, loaded ${seedFiles.join(', ')}` : ''}`);
    const buckets = seeded ? bucketsLine(await seedBuckets(db, config)) : undefined;
    if (buckets) console.log(buckets);
  });
}

export interface DumpOptions {
  file?: string;
  schemas: string[];
  dataOnly?: boolean;
  schemaOnly?: boolean;
}

/** `db dump` on the embedded database (decision 0239); on PostgreSQL, that server's pg_dump. */
export async function runDbDump(config: Config, opts: DumpOptions): Promise<void> {
  const target = config.dbTarget;
  if (target.kind === 'postgres') throw new Error('db dump is for the embedded database; with DATABASE_URL run pg_dump "$DATABASE_URL" (its version must be at least the server\'s)');
  if (target.kind === 'memory') throw new Error('--db memory keeps nothing to dump; pass the data folder with --db');
  const args = [...opts.schemas.map((s) => `--schema=${s}`), ...(opts.dataOnly ? ['--data-only'] : []), ...(opts.schemaOnly ? ['--schema-only'] : [])];
  let sql: string;
  try {
    sql = await dumpDataFolder(target.dataDir, pgliteModules(target.extensions), args);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new Error(`${err.message}\n(or, with the server running, use pg_dump 18 against its database port: pg_dump "postgres://postgres@127.0.0.1:${config.dbPort ?? 54322}/postgres")`);
    }
    if (err instanceof DumpError) throw new Error(err.message);
    throw err;
  }
  if (opts.file) {
    writeFileSync(opts.file, sql);
    console.error(`dumped ${target.dataDir} to ${opts.file} (${sql.length} bytes)`);
  } else process.stdout.write(sql);
}
