import { createClient } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { extensionsNamedIn } from '../src/db/extensions.ts';
import { openPglite } from '../src/db/pglite-driver.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// A map app's migration as Supabase's docs write it (issue 22, item 3): PostGIS in the
// extensions schema, a geography(point) column with a GiST index, a distance RPC and a plpgsql
// trigger, read through supabase-js. On PGlite the project runs on the PGlite that PGlite's
// PostGIS build loads into (decision 0229); on PostgreSQL where the cluster has PostGIS.

const MIGRATION = `
create extension if not exists postgis with schema extensions;
create table public.venues (
  id bigint generated always as identity primary key,
  name text not null,
  location geography(point, 4326) not null,
  slug text
);
create index venues_location on public.venues using gist (location);
create function public.venues_slug() returns trigger language plpgsql as $$
begin
  new.slug := lower(replace(new.name, ' ', '-'));
  return new;
end $$;
create trigger venues_slug before insert on public.venues for each row execute function public.venues_slug();
create function public.venues_near(lat float8, lng float8, metres float8)
returns table (name text, metres float8) language sql stable as $$
  select v.name, round(st_distance(v.location, st_point(lng, lat)::geography)::numeric, -3)::float8
  from public.venues v
  where st_dwithin(v.location, st_point(lng, lat)::geography, metres)
  order by 2
$$;
create function public.venue_area(id bigint) returns float8 language sql stable as $$
  select round(st_area(st_buffer(v.location::geometry, 0.01))::numeric, 6)::float8 from public.venues v where v.id = venue_area.id
$$;
grant select on public.venues to anon;
grant execute on function public.venues_near, public.venue_area to anon;
`;

const SEED = `
insert into public.venues (name, location) values
  ('Paris Hall', st_point(2.3522, 48.8566)::geography),
  ('London Room', st_point(-0.1276, 51.5072)::geography),
  ('Berlin Loft', st_point(13.405, 52.52)::geography);
`;

const dir = mkdtempSync(join(tmpdir(), 'gather-postgis-'));
mkdirSync(join(dir, 'migrations'));
writeFileSync(join(dir, 'migrations/20260101000000_venues.sql'), MIGRATION);
writeFileSync(join(dir, 'seed.sql'), SEED);

let server: RunningServer | undefined;
let testDb: TestDb | undefined;
let skipReason = '';

beforeAll(async () => {
  if (driverName === 'postgres') {
    testDb = await createTestDb();
    const { rows } = await testDb.db.query(`select 1 from pg_available_extensions where name = 'postgis'`);
    if (rows.length === 0) {
      skipReason = 'this PostgreSQL has no PostGIS (pg_available_extensions); PostGIS is tested on PGlite';
      console.log(`extensions-postgis.test: skipped: ${skipReason}`);
      return;
    }
  } else {
    const db = await openPglite(undefined, undefined, { extensions: extensionsNamedIn(dir) });
    testDb = { db, target: 'memory', drop: () => db.close() };
  }
  const config = loadConfig({ project: dir, port: '0', logLevel: 'silent', db: testDb.target, dbPort: 'off' }, {});
  server = await startServer(config, { db: testDb.db, seed: true });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await testDb?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const anon = () => createClient(server!.url, server!.keys.anonKey, { auth: { persistSession: false } });

describe(`PostGIS in a project's migrations (${driverName})`, () => {
  it('runs PostGIS with GEOS and PROJ, and plpgsql beside it', async (ctx) => {
    if (skipReason) return ctx.skip();
    const { rows } = await testDb!.db.query<{ v: string; geos: string; proj: string }>(
      `select extensions.postgis_lib_version() as v, extensions.postgis_geos_version() as geos, extensions.postgis_proj_version() as proj`,
    );
    expect(rows[0]!.v).toMatch(/^3\./);
    expect(rows[0]!.geos).toMatch(/^3\./);
    expect(rows[0]!.proj).toMatch(/^\d/);
    const { data, error } = await anon().from('venues').select('name, slug').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Paris Hall', slug: 'paris-hall' },
      { name: 'London Room', slug: 'london-room' },
      { name: 'Berlin Loft', slug: 'berlin-loft' },
    ]);
  });

  it('answers a distance search on a geography column through RPC', async (ctx) => {
    if (skipReason) return ctx.skip();
    const { data, error } = await anon().rpc('venues_near', { lat: 48.8566, lng: 2.3522, metres: 900_000 });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Paris Hall', metres: 0 },
      { name: 'London Room', metres: 344_000 },
      { name: 'Berlin Loft', metres: 880_000 },
    ]);
  });

  it('runs GEOS functions (buffer, area, intersects, validity, union)', async (ctx) => {
    if (skipReason) return ctx.skip();
    const { data, error } = await anon().rpc('venue_area', { id: 1 });
    expect(error).toBeNull();
    expect(data).toBeCloseTo(0.000314, 5);
    const { rows } = await testDb!.db.query<Record<string, unknown>>(`select
      extensions.st_intersects('POLYGON((0 0,1 0,1 1,0 1,0 0))'::extensions.geometry, 'POINT(0.5 0.5)'::extensions.geometry) as inside,
      extensions.st_isvalid('POLYGON((0 0,1 1,1 0,0 1,0 0))'::extensions.geometry) as valid,
      extensions.st_astext(extensions.st_union('POINT(0 0)'::extensions.geometry, 'POINT(1 1)'::extensions.geometry)) as union`);
    expect(rows[0]).toEqual({ inside: true, valid: false, union: 'MULTIPOINT((0 0),(1 1))' });
  });

  it('serves rows as GeoJSON to Accept: application/geo+json, as PostgREST does with PostGIS', async (ctx) => {
    if (skipReason) return ctx.skip();
    const res = await fetch(`${server!.url}/rest/v1/venues?select=name,location&id=eq.3`, {
      headers: { apikey: server!.keys.anonKey, accept: 'application/geo+json' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { type: string; features: { geometry: { type: string; coordinates: number[] }; properties: unknown }[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [13.405, 52.52] });
    expect(body.features[0]!.properties).toEqual({ name: 'Berlin Loft' });
  });
});
