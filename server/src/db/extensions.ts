import { seedFiles } from './seed-files.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Extension, PGlite } from '@electric-sql/pglite';
import type { PgliteProtocol } from './pglite-prepared.ts';
import type { PgError } from './db-types.ts';

/**
 * Extensions on the embedded database (decision 0223). PGlite can only load an extension that
 * was handed to it when it opened, and each costs memory and start time, so an instance loads
 * the ones every Supabase project may assume (`ALWAYS`) plus the ones the project's migrations
 * and seed name. Values: the module under `<pglite>/contrib/` (or the package) that carries the
 * extension's bundle.
 */
const POSTGIS_BUNDLE = '@electric-sql/pglite-postgis';

/**
 * PGlite's published PostGIS build needs the C++ runtime that PGlite's main module exported up
 * to 0.5.12 (decision 0228), so a project that creates PostGIS opens its database with PGlite
 * 0.5.12 (the same Postgres, 18.6), installed under this alias; every other project keeps the
 * newest PGlite (decision 0229).
 */
const POSTGIS_PGLITE = 'pglite-for-postgis';
const NEWEST_PGLITE = '@electric-sql/pglite';

/** The PGlite package an instance loading these bundle modules runs on. */
export function pglitePackage(modules: readonly string[]): string {
  return modules.includes(POSTGIS_BUNDLE) ? POSTGIS_PGLITE : NEWEST_PGLITE;
}

const ALWAYS: Record<string, string> = {
  pgcrypto: 'pgcrypto',
  'uuid-ossp': 'uuid_ossp',
  pg_trgm: 'pg_trgm',
  citext: 'citext',
  vector: '@electric-sql/pglite-pgvector',
  // pgTAP is plain SQL (≈ 2 MB unpacked): always at hand for `test db` and a project's test files,
  // which no migration names (decision 0274).
  pgtap: '@electric-sql/pglite-pgtap',
};

/** Extensions the server writes itself at bootstrap, on both drivers (bootstrap/18-pgjwt.sql, decision 0275). */
const SERVER_PROVIDED = ['pgjwt'];

/** Supabase's extensions that PGlite 0.5 ships, loaded when a project names them. */
const ON_DEMAND: Record<string, string> = {
  hstore: 'hstore', ltree: 'ltree', fuzzystrmatch: 'fuzzystrmatch', unaccent: 'unaccent',
  btree_gin: 'btree_gin', btree_gist: 'btree_gist', cube: 'cube', earthdistance: 'earthdistance',
  intarray: 'intarray', tablefunc: 'tablefunc', isn: 'isn', seg: 'seg', lo: 'lo', bloom: 'bloom',
  tcn: 'tcn', dict_int: 'dict_int', dict_xsyn: 'dict_xsyn', tsm_system_rows: 'tsm_system_rows',
  tsm_system_time: 'tsm_system_time', pg_stat_statements: 'pg_stat_statements',
  pg_buffercache: 'pg_buffercache', amcheck: 'amcheck', pageinspect: 'pageinspect',
  pg_visibility: 'pg_visibility', pg_walinspect: 'pg_walinspect',
  pg_surgery: 'pg_surgery', file_fdw: 'file_fdw',
  // contrib/spi's four extensions come in one bundle, published as `moddatetime`.
  moddatetime: 'moddatetime', autoinc: 'moddatetime', insert_username: 'moddatetime', refint: 'moddatetime',
  // One bundle (GEOS, PROJ); it loads only into the PGlite of POSTGIS_PGLITE (decision 0229).
  postgis: POSTGIS_BUNDLE, postgis_raster: POSTGIS_BUNDLE, postgis_topology: POSTGIS_BUNDLE,
};

/** What `create extension … cascade` brings along. */
const REQUIRES: Record<string, string[]> = { earthdistance: ['cube'] };

/** Debian's package names where they are not the extension's. */
const DEBIAN_PACKAGE: Record<string, string> = { vector: 'pgvector', pgtap: 'pgtap', postgis: 'postgis-3', postgis_raster: 'postgis-3', postgis_topology: 'postgis-3' };

/** Extensions Supabase offers that a driver here cannot have: what to use instead. */
const ELSEWHERE: Record<string, string> = {
  http: 'use pg_net (net.http_get / net.http_post), which this server provides on both drivers',
  plv8: 'write the function in plpgsql, or move the logic into an Edge Function',
  postgis_tiger_geocoder: 'PGlite\'s PostGIS build has postgis, postgis_raster and postgis_topology only; run with DATABASE_URL on a PostgreSQL that has it',
  address_standardizer: 'PGlite\'s PostGIS build has postgis, postgis_raster and postgis_topology only; run with DATABASE_URL on a PostgreSQL that has it',
  pgrouting: 'run with DATABASE_URL on a PostgreSQL that has pgRouting (needs PostGIS)',
  pg_graphql: 'the GraphQL endpoint is not served here; use the REST API (supabase-js .from / .rpc)',
  pg_jsonschema: 'validate with a check constraint in plpgsql, or in an Edge Function',
  pgsodium: 'use pgcrypto, or Vault (vault.create_secret / vault.decrypted_secrets), which this server provides',
  timescaledb: 'plain tables with a time index, or run with DATABASE_URL on a PostgreSQL that has TimescaleDB',
  wrappers: 'postgres_fdw / file_fdw, or an Edge Function that calls the service',
  pgroonga: 'pg_trgm (loaded) or full-text search (to_tsvector / to_tsquery)',
  rum: 'GIN indexes with full-text search (to_tsvector / to_tsquery)',
  pgmq: 'a queue table of your own, or run with DATABASE_URL on a PostgreSQL that has pgmq',
  pg_hashids: 'a plpgsql function, or run with DATABASE_URL on a PostgreSQL that has pg_hashids',
};

/** Extension names a project's migrations and seed create (lower-cased, unquoted). */
export function extensionsNamedIn(projectDir: string, seedPaths: string[] = ['./seed.sql']): string[] {
  const files: string[] = [];
  const dir = join(projectDir, 'migrations');
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith('.sql')) files.push(join(dir, f));
  files.push(...seedFiles(projectDir, seedPaths).files);
  const names = new Set<string>();
  const re = /\bcreate\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([\w-]+)\1/gi;
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(re)) names.add(m[2]!.toLowerCase());
  return [...names].sort();
}

/** The bundle modules a PGlite instance loads for these extension names (always-loaded ones first). */
export function pgliteModules(named: readonly string[] = []): string[] {
  const mods = new Set(Object.values(ALWAYS));
  for (const n of named) for (const m of [n, ...(REQUIRES[n] ?? [])]) if (ON_DEMAND[m]) mods.add(ON_DEMAND[m]);
  return [...mods];
}

/**
 * The PGlite an instance with these bundle modules opens with, and the bundles themselves (a
 * contrib module name or a package such as `@electric-sql/pglite-pgvector`).
 */
export async function loadPglite(mods: readonly string[]): Promise<{ PGlite: typeof PGlite; protocol: PgliteProtocol; extensions: Record<string, Extension>; pkg: string }> {
  const pkg = pglitePackage(mods);
  const extensions: Record<string, Extension> = {};
  for (const m of mods) {
    const mod = (await import(m.startsWith('@') ? m : `${pkg}/contrib/${m}`)) as Record<string, Extension>;
    for (const [name, ext] of Object.entries(mod)) extensions[name] = ext;
  }
  const mod = (await import(pkg)) as typeof import('@electric-sql/pglite');
  return { PGlite: mod.PGlite, protocol: { serialize: mod.protocol.serialize, parse: mod.parse }, extensions, pkg };
}

/** Every extension PGlite can have here, for the README and tests. */
export const PGLITE_EXTENSIONS = [...Object.keys(ALWAYS), ...SERVER_PROVIDED, ...Object.keys(ON_DEMAND)];

/**
 * The extension a `create extension` error says is missing, if that is what it says (PG 18's
 * 0A000 "is not available", PG 15's 58P01 "could not open extension control file").
 */
function missingExtension(err: PgError): string | undefined {
  const msg = err?.message ?? '';
  return (
    /^extension "([^"]+)" is not available/.exec(msg)?.[1] ??
    /could not open extension control file ".*\/([^/"]+)\.control"/.exec(msg)?.[1]
  );
}

/**
 * Rewrites a missing-extension error into one that names the extension, where it can be had and
 * the nearest alternative (decision 0222: refused clearly, never ignored). Other errors unchanged.
 */
export function explainMissingExtension(err: PgError, driver: 'pglite' | 'postgres'): PgError {
  const name = missingExtension(err);
  if (!name) return err;
  let advice = ELSEWHERE[name];
  if (!advice && SERVER_PROVIDED.includes(name)) {
    advice = 'the server provides its functions in the extensions schema at start (here only under that schema); restart the server if `drop extension` removed it, then use `create extension if not exists ' + name + ' with schema extensions`';
  }
  if (!advice && driver === 'postgres' && (name in ALWAYS || name in ON_DEMAND)) {
    advice = `install it on this PostgreSQL server (for example the postgresql-<major>-${DEBIAN_PACKAGE[name] ?? name} package), or run on the embedded database (no DATABASE_URL), which has it`;
  }
  if (!advice && driver === 'pglite' && name in ON_DEMAND) {
    advice = 'PGlite loads it when it opens if the project\'s migrations or seed create it; add `create extension ' + name + '` to a migration and restart';
  }
  advice ??= 'install it on a PostgreSQL server and run with DATABASE_URL, or do without it';
  const where = driver === 'pglite' ? 'the embedded database (PGlite)' : 'this PostgreSQL server';
  const out = Object.assign(new Error(`extension "${name}" is not available on ${where}: ${advice}`), err, {
    message: `extension "${name}" is not available on ${where}: ${advice}`,
    hint: driver === 'pglite' ? `PGlite here has: ${PGLITE_EXTENSIONS.join(', ')}` : err.hint,
  });
  return out as PgError;
}

/**
 * `create extension pg_cron` / `pg_net` without `if not exists`: on Supabase neither is
 * pre-created, so the plain form works once. Here the server's stand-ins may already be in
 * pg_extension (PostgreSQL keeps a catalog row for them), so the plain form is made the
 * `if not exists` form for those names only.
 */
export function allowPlainCreate(sql: string, standIns: readonly string[]): string {
  if (standIns.length === 0) return sql;
  const names = standIns.map((n) => n.replace(/[^\w]/g, '')).join('|');
  const re = new RegExp(`\\bcreate(\\s+)extension(\\s+)(?!if\\s+not\\s+exists)("?)(${names})\\3(?=[\\s;])`, 'gi');
  return sql.replace(re, (_m, s1, s2, q, n) => `create${s1}extension${s2}if not exists ${q}${n}${q}`);
}
