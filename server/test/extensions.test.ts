import { createClient } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import type { Db } from '../src/db/db-types.ts';
import { extensionsNamedIn } from '../src/db/extensions.ts';
import { applyMigrations } from '../src/db/migrations.ts';
import { openPglite } from '../src/db/pglite-driver.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { generateTypes } from '../src/typegen/gen-types-command.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Issue 22, item 3 (decisions 0223–0225): a project's migrations that create extensions run as
// on Supabase — `extensions` on the search_path, vector on PGlite, contrib extensions loaded
// when the project names them, a plain `create extension pg_cron`, and an extension this driver
// cannot have refused with a message naming it and the alternative.

const COMMON = `
create extension pg_cron;
create extension if not exists hstore;
create extension if not exists earthdistance cascade;

create table public.places (
  id uuid primary key default uuid_generate_v4(),
  name text not null,
  lat float8 not null,
  lng float8 not null,
  pin text not null default crypt('1234', gen_salt('bf', 4)),
  tags hstore
);
grant select on public.places to anon;

create function public.places_within(lat float8, lng float8, metres float8)
returns table (name text, metres float8) language sql stable as $$
  select p.name, round(earth_distance(ll_to_earth(p.lat, p.lng), ll_to_earth($1, $2))::numeric, -3)::float8
  from public.places p
  where earth_distance(ll_to_earth(p.lat, p.lng), ll_to_earth($1, $2)) <= $3
  order by 2
$$;
grant execute on function public.places_within to anon;
`;

const VECTOR = `
create extension if not exists vector with schema extensions;
create table public.documents (id bigint primary key, body text not null, embedding vector(3) not null);
create index on public.documents using hnsw (embedding vector_cosine_ops);
grant select on public.documents to anon;

create function public.match_documents(query_embedding vector(3), match_count int)
returns table (id bigint, body text, similarity float8) language sql stable as $$
  select d.id, d.body, 1 - (d.embedding <=> query_embedding)
  from public.documents d
  order by d.embedding <=> query_embedding
  limit match_count
$$;
grant execute on function public.match_documents to anon;
`;

const SEED = `
insert into public.places (name, lat, lng, tags) values
  ('Paris', 48.8566, 2.3522, 'country => FR'),
  ('London', 51.5072, -0.1276, 'country => GB'),
  ('Lyon', 45.764, 4.8357, 'country => FR');
select encode(digest('seeded', 'sha256'), 'hex');
`;
const SEED_VECTOR = `
insert into public.documents values
  (1, 'cats', '[1,0,0]'), (2, 'dogs', '[0,1,0]'), (3, 'kittens', '[0.9,0.1,0]');
`;

const dirs: string[] = [];
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-extensions-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'migrations'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A fresh database for a project: PGlite loading what it names, or a new PostgreSQL database. */
async function freshDb(dir: string): Promise<TestDb> {
  if (process.env.DATABASE_URL) return createTestDb();
  const db = await openPglite(undefined, undefined, { extensions: extensionsNamedIn(dir) });
  return { db, target: 'memory', drop: () => db.close() };
}

async function available(db: Db, name: string): Promise<boolean> {
  return (await db.query('select 1 from pg_available_extensions where name = $1', [name])).rows.length > 0;
}

let server: RunningServer;
let testDb: TestDb;
let projectDir: string;
let hasVector = true;

beforeAll(async () => {
  const probe = await createTestDb();
  hasVector = await available(probe.db, 'vector');
  await probe.drop();
  if (!hasVector) console.log(`extensions.test: this PostgreSQL has no pgvector (pg_available_extensions); vector similarity is tested on PGlite only`);
  const dir = project({
    'migrations/20260101000000_places.sql': COMMON,
    ...(hasVector ? { 'migrations/20260101000001_documents.sql': VECTOR } : {}),
    'seed.sql': SEED + (hasVector ? SEED_VECTOR : ''),
  });
  projectDir = dir;
  testDb = await freshDb(dir);
  const config = loadConfig({ project: dir, port: '0', logLevel: 'silent', db: testDb.target }, {});
  server = await startServer(config, { db: testDb.db, seed: true });
});

afterAll(async () => {
  await server?.close();
  await testDb?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const anon = () => createClient(server.url, server.keys.anonKey, { auth: { persistSession: false } });

describe(`extensions in a project's migrations (${driverName})`, () => {
  it('migrations and seed call extension functions unqualified, as with search_path "$user", public, extensions', async () => {
    const { data, error } = await anon().from('places').select('name, pin, tags').order('name');
    expect(error).toBeNull();
    expect(data!.map((r) => r.name)).toEqual(['London', 'Lyon', 'Paris']);
    expect(data![0]!.pin).toMatch(/^\$2a\$04\$/);
    expect(data![0]!.tags).toEqual({ country: 'GB' });
  });

  it('a distance query through RPC (cube + earthdistance)', async () => {
    const { data, error } = await anon().rpc('places_within', { lat: 48.8566, lng: 2.3522, metres: 350_000 });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Paris', metres: 0 },
      { name: 'London', metres: 344_000 },
    ]);
  });

  it('vector similarity search through RPC', async (ctx) => {
    if (!hasVector) {
      console.log('skipped: this PostgreSQL has no pgvector');
      return ctx.skip();
    }
    const { data, error } = await anon().rpc('match_documents', { query_embedding: '[1,0.05,0]', match_count: 2 });
    expect(error).toBeNull();
    expect(data!.map((r: { body: string }) => r.body)).toEqual(['cats', 'kittens']);
    expect(data![0].similarity).toBeGreaterThan(0.99);
    const rows = await anon().from('documents').select('id, embedding').eq('id', 2);
    expect(rows.data).toEqual([{ id: 2, embedding: '[0,1,0]' }]);
  });

  it('gen types builds its database with the extensions the migrations create', async () => {
    const config = loadConfig({ project: projectDir, logLevel: 'silent', db: testDb.target === 'memory' ? 'memory' : testDb.target, dbPort: 'off' }, {});
    const types = await generateTypes(config, { schemas: ['public'] });
    expect(types).toContain('places_within');
    expect(types).toMatch(/\btags: unknown\b/);
  });

  it('pg_cron created with the plain form is usable', async () => {
    const { rows } = await testDb.db.query<{ extname: string }>(`select extname from pg_extension where extname = 'pg_cron'`);
    expect(rows).toHaveLength(1);
    const job = await testDb.db.query<{ id: string }>(`select cron.schedule('nightly', '0 3 * * *', 'select 1')::text as id`);
    expect(Number(job.rows[0]!.id)).toBeGreaterThan(0);
  });
});

describe(`an extension this driver cannot have (${driverName})`, () => {
  async function migrate(sql: string): Promise<Error> {
    const dir = project({ 'migrations/20260101000000_ext.sql': sql });
    const t = await createTestDb();
    try {
      await applyMigrations(t.db, join(dir, 'migrations'));
      throw new Error('the migration succeeded');
    } catch (err) {
      return err as Error;
    } finally {
      await t.drop();
    }
  }

  it('http is refused naming pg_net', async () => {
    const err = await migrate('create extension http;');
    expect(err.message).toMatch(/^migration .*20260101000000_ext\.sql(:1)?: \[(0A000|58P01)\] extension "http" is not available on /);
    expect(err.message).toContain('pg_net');
  });

  it('vector where the cluster has no pgvector is refused naming the package and PGlite', async (ctx) => {
    if (hasVector) {
      console.log('skipped: this database has vector, so nothing is refused');
      return ctx.skip();
    }
    const err = await migrate('create extension vector;');
    expect(err.message).toContain('extension "vector" is not available on this PostgreSQL server');
    expect(err.message).toContain('pgvector');
    expect(err.message).toContain('embedded database');
  });

  it('postgis where the database lacks it is refused naming where it can be had', async (ctx) => {
    const t = await createTestDb();
    const has = await available(t.db, 'postgis');
    await t.drop();
    if (has) {
      console.log('skipped: this database has PostGIS, so nothing is refused');
      return ctx.skip();
    }
    // PGlite has it when the project's migrations create it (extensions-postgis.test.ts); an
    // instance opened without it, as here, says so.
    const err = await migrate('create extension if not exists postgis with schema extensions;');
    expect(err.message).toContain('extension "postgis" is not available');
    if (driverName === 'postgres') {
      expect(err.message).toContain('postgresql-<major>-postgis-3');
      expect(err.message).toContain('embedded database');
    } else {
      expect(err.message).toContain('add `create extension postgis` to a migration');
    }
  });
});
