import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { dbPortNotes } from '../src/db-port/start-db-port.ts';
import { driverName } from './helpers/test-db.ts';
import { collectChanges } from './helpers/realtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 7 (decision 0226): on PGlite the embedded database speaks the Postgres wire
// protocol on `[db] port`, so psql and pg clients reach the same data as the API; the API keeps
// answering while a tool is connected, and a tool idle inside a transaction yields to it.

const run = promisify(execFile);
let s: TestServer;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ host: '127.0.0.1', port: s.dbPort, user: 'postgres', password: 'postgres', database: 'postgres' });
  c.on('error', () => {}); // the yield test ends a connection on purpose
  await c.connect();
  clients.push(c);
  return c;
}

console.log(
  driverName === 'pglite'
    ? 'db-port.test: the PostgreSQL case is skipped (PGlite run)'
    : 'db-port.test: the PGlite cases are skipped: on PostgreSQL tools connect to the server itself',
);

beforeAll(async () => {
  s = await startTestServer({ dbPort: '0' });
  await s.testDb.db.exec(`
    create table public.notes (id int primary key, body text not null);
    grant select on public.notes to anon;
    insert into public.notes values (1, 'from the API side');
    notify pgrst, 'reload schema';`);
});

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await s?.stop();
});

describe.runIf(driverName === 'pglite')('database port on PGlite', () => {
  it('serves the same data to a pg client, with Supabase search_path', async () => {
    const c = await connect();
    const r = await c.query<{ body: string; sp: string }>(`select body, current_setting('search_path') as sp from public.notes where id = $1`, [1]);
    expect(r.rows).toEqual([{ body: 'from the API side', sp: '"$user", public, extensions' }]);
    expect((await c.query(`select uuid_generate_v4() is not null as ok`)).rows).toEqual([{ ok: true }]);
  });

  it('DDL and rows written through the port reach the REST API (schema cache reloads)', async () => {
    const c = await connect();
    await c.query(`create table public.tool_rows (id int primary key, v text); grant select on public.tool_rows to anon`);
    await c.query(`insert into public.tool_rows values (1, 'written with pg')`);
    await expect.poll(async () => (await s.anon().from('tool_rows').select('id, v')).data, { timeout: 10_000 }).toEqual([{ id: 1, v: 'written with pg' }]);
  });

  it('rows a tool writes reach realtime subscribers (postgres_changes)', async () => {
    await s.testDb.db.exec(`
      create table public.rt_tool (id int primary key, v text);
      grant select on public.rt_tool to anon;
      grant all on public.rt_tool to service_role;
      alter publication supabase_realtime add table public.rt_tool;`);
    const sub = collectChanges(s.anon(), 'tool-writes', { table: 'rt_tool', event: 'INSERT' });
    await sub.ready;
    const c = await connect();
    await c.query(`insert into public.rt_tool values (1, 'from psql')`);
    await expect.poll(() => sub.got.map((p) => p.new), { timeout: 10_000 }).toEqual([{ id: 1, v: 'from psql' }]);
  });

  it('unlisten * and discard all on the port do not stop realtime for the API', async () => {
    const sub = collectChanges(s.anon(), 'after-discard', { table: 'rt_tool', event: 'INSERT' });
    await sub.ready;
    const c = await connect();
    await c.query('unlisten *');
    await c.query('discard all');
    const { error } = await s.service().from('rt_tool').insert({ id: 2, v: 'from the API' });
    expect(error).toBeNull();
    await expect.poll(() => sub.got.map((p) => p.new), { timeout: 10_000 }).toEqual([{ id: 2, v: 'from the API' }]);
  });

  it("a tool's session settings stay its own (set role does not reach the API)", async () => {
    const c = await connect();
    await c.query('set role anon');
    await c.query(`set application_name = 'a tool'`);
    expect((await c.query('select current_user as u')).rows).toEqual([{ u: 'anon' }]);
    expect((await s.testDb.db.query('select current_user as u')).rows).toEqual([{ u: 'postgres' }]);
    const other = await connect();
    expect((await other.query(`select current_user as u, current_setting('application_name') as a`)).rows).toEqual([{ u: 'postgres', a: '' }]);
    expect((await c.query(`select current_setting('application_name') as a`)).rows).toEqual([{ a: 'a tool' }]);
  });

  it('the API answers while a tool is connected and idle', async () => {
    let t0 = performance.now();
    await s.anon().from('notes').select('body');
    console.log(`API read, no tool session (baseline, same run): ${Math.round(performance.now() - t0)} ms`);
    await connect();
    t0 = performance.now();
    const { data, error } = await s.anon().from('notes').select('body');
    console.log(`API read with an idle tool session: ${Math.round(performance.now() - t0)} ms`);
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'from the API side' }]);
  });

  it("a tool's transaction is isolated: the API waits for it, then sees it committed", async () => {
    const c = await connect();
    await c.query('begin');
    await c.query(`insert into public.notes values (2, 'in a tool transaction')`);
    const events: string[] = [];
    const t0 = performance.now();
    const api = s.anon().from('notes').select('id').order('id').then((r) => {
      events.push('api answered');
      return r;
    });
    await c.query(`insert into public.notes values (3, 'still in it')`);
    events.push('commit');
    await c.query('commit');
    const { data } = await api;
    console.log(`API read behind a tool's short transaction: ${Math.round(performance.now() - t0)} ms`);
    expect(events).toEqual(['commit', 'api answered']);
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('named prepared statements are per tool, and gone when the tool leaves', async () => {
    const a = await connect();
    const b = await connect();
    expect((await a.query({ name: 's0', text: 'select 1 as a' })).rows).toEqual([{ a: 1 }]);
    expect((await b.query({ name: 's0', text: 'select 2 as b' })).rows).toEqual([{ b: 2 }]);
    expect((await a.query({ name: 's0', text: 'select 1 as a' })).rows).toEqual([{ a: 1 }]);
    await a.end();
    await b.end();
    await expect
      .poll(async () => (await s.testDb.db.query(`select count(*)::int as n from pg_prepared_statements where name like '%\\_s0'`)).rows, { timeout: 10_000 })
      .toEqual([{ n: 0 }]);
    const again = await connect();
    expect((await again.query({ name: 's0', text: 'select 3 as c' })).rows).toEqual([{ c: 3 }]);
  });

  it('a tool\'s DEALLOCATE ALL or DISCARD ALL leaves the API answering (its statements are prepared again)', async () => {
    const read = () => s.anon().from('notes').select('id, body').eq('id', 1);
    expect((await read()).data).toEqual([{ id: 1, body: 'from the API side' }]);
    const c = await connect();
    await c.query('deallocate all');
    expect(await read()).toMatchObject({ error: null, data: [{ id: 1, body: 'from the API side' }] });
    await c.query('discard all');
    expect(await read()).toMatchObject({ error: null, data: [{ id: 1, body: 'from the API side' }] });
  });

  it('two tools take turns: the second waits for the first one\'s transaction', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('begin');
    await a.query(`update public.notes set body = 'changed by a' where id = 2`);
    const seen = b.query<{ body: string }>('select body from public.notes where id = 2');
    await a.query('commit');
    expect((await seen).rows).toEqual([{ body: 'changed by a' }]);
  });

  it('a tool idle inside a transaction while the API waits is disconnected (25P03), its work rolled back', async () => {
    const c = await connect();
    const ended = new Promise<Error>((resolve) => c.once('error', resolve));
    await c.query('begin');
    await c.query(`insert into public.notes values (9, 'never committed')`);
    const t0 = performance.now();
    const { data, error } = await s.anon().from('notes').select('id').eq('id', 9);
    console.log(`API read behind a tool idle in a transaction: ${Math.round(performance.now() - t0)} ms (yield rule: 1000 ms)`);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(((await ended) as Error & { code?: string }).code).toBe('25P03');
  });

  it('psql connects and runs statements', async (ctx) => {
    const psql = await run('psql', ['--version']).catch(() => undefined);
    if (!psql) {
      console.log('skipped: psql is not installed');
      return ctx.skip();
    }
    const url = `postgresql://postgres:postgres@127.0.0.1:${s.dbPort}/postgres`;
    const { stdout } = await run('psql', [url, '-At', '-v', 'ON_ERROR_STOP=1', '-c', 'select count(*) from public.notes', '-c', `select extname from pg_extension where extname = 'pgcrypto'`]);
    expect(stdout.trim().split('\n')).toEqual(['3', 'pgcrypto']);
  });
});

describe.runIf(driverName === 'pglite')('pg_dump against the database port', () => {
  // The newest pg_dump on this machine: $PG_DUMP, PATH, or Debian's /usr/lib/postgresql/<major>/bin.
  async function newestPgDump(): Promise<{ path: string; major: number } | undefined> {
    const dirs = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true']);
    const candidates = [process.env.PG_DUMP, 'pg_dump', ...dirs.stdout.split('\n').filter(Boolean).map((d) => `${d}/pg_dump`)].filter(Boolean) as string[];
    let best: { path: string; major: number } | undefined;
    for (const path of candidates) {
      const v = await run(path, ['--version']).catch(() => undefined);
      const major = Number(/(\d+)\./.exec(v?.stdout ?? '')?.[1] ?? 0);
      if (major && (!best || major > best.major)) best = { path, major };
    }
    return best;
  }

  it('dumps a schema with pg_dump 18 or newer; an older pg_dump refuses in its own words', async (ctx) => {
    const tool = await newestPgDump();
    const url = `postgresql://postgres:postgres@127.0.0.1:${s.dbPort}/postgres`;
    if (!tool) {
      console.log('skipped: no pg_dump on this machine');
      return ctx.skip();
    }
    if (tool.major < 18) {
      // pg_dump refuses any server newer than itself (PGlite is PostgreSQL 18): the port answers
      // its version query and the refusal is pg_dump's, not a hang or a protocol error.
      const refused = await run(tool.path, ['--schema-only', url]).then(() => undefined, (err: { stderr: string }) => err.stderr);
      expect(refused).toMatch(/server version: 18\.\d+; pg_dump version: \d+/);
      console.log(
        `skipped the dump: newest pg_dump here is ${tool.major} (${tool.path}), which refuses PostgreSQL 18. ` +
          'pg_dump 18 comes from the PGDG repository (apt.postgresql.org, postgresql-client-18), not Debian 12; ' +
          "without one, `gather-server db dump` runs pglite-tools' WASM pg_dump 18 on the stopped data folder (db-dump.test.ts); " +
          'it cannot use this port (its libpq talks to a PGlite in its own thread). Set PG_DUMP to a pg_dump 18 to run it.',
      );
      return ctx.skip();
    }
    const { stdout } = await run(tool.path, ['--schema-only', '--table=public.notes', url]);
    expect(stdout).toContain('CREATE TABLE public.notes');
  });
});

describe.runIf(driverName === 'pglite')('stopping with a tool inside a transaction', () => {
  it('rolls the tool back and stops', async () => {
    const t = await startTestServer({ dbPort: '0' });
    const c = new pg.Client({ host: '127.0.0.1', port: t.dbPort, user: 'postgres', database: 'postgres' });
    const ended = new Promise<void>((resolve) => c.once('end', () => resolve()));
    c.on('error', () => {});
    await c.connect();
    await c.query('begin');
    await c.query('create table public.left_open (id int)');
    await t.stop();
    await ended;
  });
});

describe.runIf(driverName === 'pglite')('functions on PGlite', () => {
  it('get SUPABASE_DB_URL pointing at the database port', async () => {
    const f = await startTestServer({ dbPort: '0', project: fileURLToPath(new URL('./fixtures/functions-project', import.meta.url)) });
    try {
      const { data } = await f.anon().functions.invoke<{ dbUrl: string | null }>('env', { method: 'GET' });
      expect(data!.dbUrl).toBe(`postgresql://postgres:postgres@127.0.0.1:${f.dbPort}/postgres`);
      const c = new pg.Client({ connectionString: data!.dbUrl! });
      await c.connect();
      expect((await c.query(`select count(*)::int as n from pg_namespace where nspname = 'auth'`)).rows).toEqual([{ n: 1 }]);
      await c.end();
    } finally {
      await f.stop();
    }
  });
});

describe('start notes for the database port', () => {
  it('on PostgreSQL, a [db] port other than the default and several workers are named as not applying', () => {
    const pgConfig = loadConfig({ db: 'postgres://u@h/d', dbPort: '6543', project: s.config.project }, {});
    expect(dbPortNotes(pgConfig, 4)).toEqual([
      expect.stringContaining('[db] port = 6543 applies to the embedded database only'),
      expect.stringContaining('4 workers: each connects to PostgreSQL'),
    ]);
    expect(dbPortNotes(loadConfig({ db: 'memory', project: s.config.project }, {}))).toEqual([]);
  });
});

describe.runIf(driverName === 'postgres')('database port on PostgreSQL', () => {
  it('nothing listens: tools use the PostgreSQL server itself', () => {
    console.log('on PostgreSQL the database port is the real server\'s; nothing to serve here');
    expect(s.dbPort).toBeUndefined();
  });
});
