import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '../../db/db-types.ts';
import type { SchemaCache } from './schema-cache.ts';
import { qiKey, type Column, type Relationship, type Routine, type Table } from './types.ts';

/**
 * The schema cache kept in the database (`_gather.rest_schema_cache`, decision 0442), so that a
 * start whose catalog has not changed reads it back in one query instead of asking the catalog
 * again (0.4 s of a warm PGlite start: a new backend's catalog caches are cold). A stored cache
 * is used only under the catalog fingerprint it was loaded under and by the code that made it.
 * Role settings are not stored: they are read afresh (roles are not in the fingerprint).
 */

const HERE = new URL('./', import.meta.url);

let codeVersion: string | undefined;

/** What made a stored cache: this folder's code (its shape and its queries). */
function schemaCacheCode(): string {
  if (codeVersion) return codeVersion;
  const hash = createHash('sha256');
  for (const f of readdirSync(HERE).filter((n) => n.endsWith('.ts')).sort()) hash.update(`${f}\n`).update(readFileSync(new URL(f, HERE)));
  codeVersion = hash.digest('hex');
  return codeVersion;
}

/** The row a cache for these schemas is kept in: its code, the exposed schemas and the search path. */
export function storedCacheKey(schemas: string[], extraSearchPath: string[]): string {
  return createHash('sha256').update(JSON.stringify([schemaCacheCode(), schemas, extraSearchPath])).digest('hex');
}

type StoredTable = Omit<Table, 'columnsByName'>;
type Stored = Pick<SchemaCache, 'schemas' | 'hasPostgis'> & {
  tables: StoredTable[];
  relationships: [string, Relationship[]][];
  routines: [string, Routine[]][];
};

/** The cache stored under `key` if it was loaded under `fingerprint`, without its settings. */
export async function readStoredCache(
  db: Db,
  key: string,
  fingerprint: string,
): Promise<Omit<SchemaCache, 'settings' | 'roleSettings'> | undefined> {
  const { rows } = await db.query<{ cache: string }>(
    `select cache from _gather.rest_schema_cache where key = $1 and fingerprint = $2`,
    [key, fingerprint],
  );
  if (!rows[0]) return undefined;
  const s = JSON.parse(rows[0].cache) as Stored;
  const table = (t: StoredTable): Table => ({ ...t, columnsByName: new Map(t.columns.map((c: Column) => [c.name, c])) });
  return {
    schemas: s.schemas,
    tables: new Map(s.tables.map((t) => [qiKey(t), table(t)])),
    relationships: new Map(s.relationships),
    routines: new Map(s.routines),
    hasPostgis: s.hasPostgis,
    loadedAt: Date.now(),
  };
}

/** Keeps `cache`, loaded under `fingerprint`, for the next start. */
export async function storeCache(db: Db, key: string, fingerprint: string, cache: SchemaCache): Promise<void> {
  const stored: Stored = {
    schemas: cache.schemas,
    hasPostgis: cache.hasPostgis,
    tables: [...cache.tables.values()].map(({ columnsByName: _, ...t }) => t),
    relationships: [...cache.relationships],
    routines: [...cache.routines],
  };
  // One row kept: a cache made by other code (an earlier version) or for other schemas would
  // otherwise stay for good. Servers of two versions on one database each load from the catalog.
  await db.query(
    `with stale as (delete from _gather.rest_schema_cache where key <> $1)
     insert into _gather.rest_schema_cache (key, fingerprint, cache) values ($1, $2, $3)
     on conflict (key) do update set fingerprint = excluded.fingerprint, cache = excluded.cache, saved_at = now()`,
    [key, fingerprint, JSON.stringify(stored)],
  );
}
