import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { SchemaCacheHolder } from '../src/rest/schema-cache/cache-holder.ts';
import { installDdlWatch } from '../src/rest/schema-cache/ddl-watch.ts';
import { loadSchemaCache, type SchemaCache } from '../src/rest/schema-cache/schema-cache.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

const SCHEMAS = ['public'];
const EXTRA = ['extensions'];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.exec(`
    create type public.mood as enum ('calm', 'busy');
    create table public.rooms (id int primary key, name text not null default 'hall', mood public.mood);
    create table public.seats (id int primary key, room_id int references public.rooms (id));
    create view public.room_names as select id, name from public.rooms;
    create function public.rooms_named(n text) returns setof public.rooms language sql stable as $$ select * from public.rooms where name = n $$;
    grant select on public.rooms, public.seats, public.room_names to anon;
  `);
});
afterAll(() => t?.drop());

/** The cache a start would hold: a new holder's first load, as the REST API makes at start. */
async function startLoad(): Promise<SchemaCache> {
  const holder = new SchemaCacheHolder(t.db, SCHEMAS, EXTRA);
  try {
    return await holder.reload();
  } finally {
    await holder.close();
  }
}

async function stored(): Promise<{ fingerprint: string; saved_at: string }[]> {
  const { rows } = await t.db.query<{ fingerprint: string; saved_at: string }>(
    'select fingerprint, saved_at::text from _gather.rest_schema_cache',
  );
  return rows;
}

const withoutTime = (c: SchemaCache) => ({ ...c, loadedAt: 0 });

describe(`the REST schema cache kept between starts (${driverName}; decision 0442)`, () => {
  it('a start on an unchanged catalog reads back what a load from the catalog gives, without storing it again', async () => {
    await startLoad();
    const first = await stored();
    expect(first).toHaveLength(1);
    const restored = await startLoad();
    expect(await stored()).toEqual(first);
    expect(withoutTime(restored)).toEqual(withoutTime(await loadSchemaCache(t.db, SCHEMAS, EXTRA)));
    expect(restored.tables.get('public\0rooms')?.columnsByName.get('name')?.default).toBe(`'hall'::text`);
  });

  it("a warm start's bootstrap and DDL watch leave the catalog as it was, so the stored cache stays good", async () => {
    // A start: its bootstrap (on PostgreSQL, a test database is a copy under a new name, which the
    // first one records), then what the REST API does at start. Then the next start.
    const start = async () => {
      await bootstrapPlatform(t.db, { autoExposeNewTables: false });
      await installDdlWatch(t.db);
      await startLoad();
    };
    await start();
    const before = await stored();
    await start();
    expect(await stored()).toEqual(before);
  });

  // What a migration, `db push` or a psql session may change while no server runs.
  const changes: [string, string, (c: SchemaCache) => unknown, unknown][] = [
    ['a new column', 'alter table public.rooms add column floor int', (c) => c.tables.get('public\0rooms')?.columnsByName.has('floor'), true],
    ['a new default', `alter table public.rooms alter column name set default 'lobby'`, (c) => c.tables.get('public\0rooms')?.columnsByName.get('name')?.default, `'lobby'::text`],
    ['a comment', `comment on column public.rooms.name is 'What the room is called'`, (c) => c.tables.get('public\0rooms')?.columnsByName.get('name')?.description, 'What the room is called'],
    ['an enum value', `alter type public.mood add value 'festive'`, (c) => c.tables.get('public\0rooms')?.columnsByName.get('mood')?.enum, ['calm', 'busy', 'festive']],
    ['a view redefined', 'create or replace view public.room_names as select id, name, mood from public.rooms', (c) => c.tables.get('public\0room_names')?.columns.map((x) => x.name), ['id', 'name', 'mood']],
    ['a function', 'create function public.busiest() returns int language sql stable as $$ select 1 $$', (c) => c.routines.has('public\0busiest'), true],
    ['a foreign key dropped', 'alter table public.seats drop constraint seats_room_id_fkey', (c) => c.relationships.get('public\0seats')?.length ?? 0, 0],
    ['a function dropped', 'drop function public.rooms_named(text)', (c) => c.routines.has('public\0rooms_named'), false],
  ];
  for (const [what, ddl, read, expected] of changes) {
    it(`after ${what} while no server ran, a start reads the catalog`, async () => {
      await startLoad();
      await t.db.exec(ddl);
      expect(read(await startLoad())).toEqual(expected);
    });
  }

  it('keeps one row: a cache stored by other code (an earlier server) goes when this one stores its own', async () => {
    await t.db.query(`insert into _gather.rest_schema_cache (key, fingerprint, cache) values ('an earlier server', 'x', '{}')`);
    await t.db.exec('comment on table public.seats is $$Seats in a room$$');
    await startLoad();
    const { rows } = await t.db.query<{ key: string }>('select key from _gather.rest_schema_cache');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toBe('an earlier server');
  });

  it('reads role settings afresh (they are not stored)', async () => {
    const was = (await startLoad()).roleSettings.get('anon')?.find(([k]) => k === 'statement_timeout')?.[1];
    await t.db.exec(`alter role anon set statement_timeout = '7s'`);
    try {
      expect((await startLoad()).roleSettings.get('anon')).toContainEqual(['statement_timeout', '7s']);
    } finally {
      await t.db.exec(was ? `alter role anon set statement_timeout = '${was}'` : 'alter role anon reset statement_timeout');
    }
  });
});
