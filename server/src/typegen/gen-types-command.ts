import { writeFileSync } from 'node:fs';
import type { Config } from '../config/config-schema.ts';
import type { Db } from '../db/db-types.ts';
import { extensionsNamedIn } from '../db/extensions.ts';
import { openDb } from '../db/open-db.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { introspect } from './introspect.ts';
import { renderTypescript } from './render-typescript.ts';

/** The PostgREST version REST answers as (postgrest-js enables its v13+ typing from it). */
const POSTGREST_VERSION = '14.0';

export interface GenTypesOptions {
  schemas: string[];
  output?: string;
}

/**
 * Types for the database as `supabase gen types typescript` writes them. On PostgreSQL it reads
 * the live database. For PGlite it builds a throwaway in-memory database from the project's
 * migrations instead: the data folder may be held by a running server, and the migrations are
 * what define its schema anyway.
 */
export async function generateTypes(config: Config, opts: GenTypesOptions): Promise<string> {
  const live = config.dbTarget.kind === 'postgres';
  // The throwaway database loads the extensions the project's migrations create (decision 0223).
  const db: Db = await openDb(live ? config.dbTarget : { kind: 'memory', extensions: extensionsNamedIn(config.project) });
  try {
    if (!live) await prepareDatabase(db, config, { seed: false });
    const model = await introspect(db, opts.schemas);
    const defaultSchema = opts.schemas.includes('public') ? 'public' : opts.schemas[0]!;
    return renderTypescript(model, { defaultSchema, postgrestVersion: POSTGREST_VERSION });
  } finally {
    await db.close();
  }
}

export async function runGenTypes(config: Config, opts: GenTypesOptions): Promise<void> {
  const text = await generateTypes(config, opts);
  if (opts.output) writeFileSync(opts.output, text);
  else process.stdout.write(text);
}
