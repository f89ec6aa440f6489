import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import type { Db } from '../src/db/db-types.ts';
import { MAX_PGLITE_PREPARED } from '../src/db/pglite-prepared.ts';

let t: TestDb;
let db: Db;
beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  await db.exec(`
    create table public.notes (id serial primary key, owner uuid, body text);
    alter table public.notes enable row level security;
    create policy own on public.notes for all to authenticated
      using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
    grant select, insert on public.notes to authenticated, service_role;
    grant usage on sequence public.notes_id_seq to authenticated, service_role;
    insert into public.notes (owner, body) values
      ('00000000-0000-0000-0000-00000000000a', 'a1'),
      ('00000000-0000-0000-0000-00000000000b', 'b1');`);
});
afterAll(() => t.drop());

const alice = { sub: '00000000-0000-0000-0000-00000000000a', role: 'authenticated', email: 'a@example.com' };

describe(`db driver (${driverName})`, () => {
  it('answers parameterised queries with node-postgres value types', async () => {
    const r = await db.query<{ n: string; t: string; j: { a: number } }>(
      `select $1::int8 as n, $2::text as t, '{"a":1}'::jsonb as j`,
      ['9007199254740993', 'x'],
    );
    expect(r.rows).toEqual([{ n: '9007199254740993', t: 'x', j: { a: 1 } }]);
  });

  it('rolls a transaction back when its callback throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into public.notes (body) values ('lost')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const r = await db.query(`select 1 from public.notes where body = 'lost'`);
    expect(r.rows).toHaveLength(0);
  });

  it('runs a request under the caller role and claims, with auth.uid() and auth.jwt()', async () => {
    const r = await db.asRole({ role: 'authenticated', claims: alice, method: 'GET', path: '/notes' }, (tx) =>
      tx.query<Record<string, unknown>>(
        `select current_user as who, auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as email,
                current_setting('request.method') as method, current_setting('request.path') as path`,
      ),
    );
    expect(r.rows[0]).toEqual({ who: 'authenticated', uid: alice.sub, role: 'authenticated', email: 'a@example.com', method: 'GET', path: '/notes' });
  });

  it('lets row-level security decide what each role sees', async () => {
    const mine = await db.asRole({ role: 'authenticated', claims: alice }, (tx) => tx.query<{ body: string }>('select body from public.notes'));
    expect(mine.rows.map((r) => r.body)).toEqual(['a1']);
    const all = await db.asRole({ role: 'service_role', claims: { role: 'service_role' } }, (tx) => tx.query('select body from public.notes'));
    expect(all.rows).toHaveLength(2);
    await expect(db.asRole({ role: 'anon', claims: {} }, (tx) => tx.query('select body from public.notes'))).rejects.toMatchObject({ code: '42501' });
    await expect(
      db.asRole({ role: 'authenticated', claims: alice }, (tx) =>
        tx.query(`insert into public.notes (owner, body) values ('00000000-0000-0000-0000-00000000000b', 'forged')`),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('resets role and claims when the request transaction ends', async () => {
    await db.asRole({ role: 'authenticated', claims: alice }, (tx) => tx.query('select 1'));
    const r = await db.query<{ who: string; claims: string | null }>(
      `select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(r.rows[0]!.who).not.toBe('authenticated');
    expect(r.rows[0]!.claims).toBeNull();
  });

  it('makes read-only requests read only', async () => {
    await expect(
      db.asRole({ role: 'service_role', claims: {}, readOnly: true }, (tx) => tx.query(`insert into public.notes (body) values ('ro')`)),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('delivers notifications to listeners only after commit, and stops on unlisten', async () => {
    const got: string[] = [];
    const stop = await db.listen('gather_test', (p) => got.push(p));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('gather_test', 'in-tx')`);
      expect(got).toEqual([]);
    });
    await db.notify('gather_test', 'direct');
    await expect.poll(() => got).toEqual(['in-tx', 'direct']);
    await stop();
    await db.notify('gather_test', 'after-stop');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['in-tx', 'direct']);
  });
});

describe(`runAsRole: a request's statements in one exchange (${driverName})`, () => {
  const ctx = { role: 'authenticated', claims: alice, method: 'POST', path: '/notes', headers: { 'x-test': 'yes' } };

  it('runs the statements in order under the caller role, claims and request settings', async () => {
    const [who, req] = await db.runAsRole(ctx, [
      { sql: 'select current_user as who, auth.uid()::text as uid' },
      { sql: `select current_setting('request.method') as method, current_setting('request.headers')::json ->> 'x-test' as h, $1::int + 1 as n`, params: ['41'] },
    ]);
    expect(who!.rows).toEqual([{ who: 'authenticated', uid: alice.sub }]);
    expect(req!.rows).toEqual([{ method: 'POST', h: 'yes', n: 42 }]);
  });

  it('commits them together, or rolls all back when one fails', async () => {
    const insert = { sql: 'insert into public.notes (owner, body) values ($1, $2) returning body', params: [alice.sub, 'pipelined'] };
    const divide = (d: string) => ({ sql: 'select 10 / $1::int as q', params: [d] });
    await expect(db.runAsRole(ctx, [insert, divide('0')])).rejects.toMatchObject({ code: '22012' });
    expect((await db.query(`select 1 from public.notes where body = 'pipelined'`)).rows).toHaveLength(0);
    // The statement that failed was prepared: it runs again by the same text.
    const [ins, q] = await db.runAsRole(ctx, [insert, divide('5')]);
    expect(ins!.rows).toEqual([{ body: 'pipelined' }]);
    expect(ins!.affectedRows).toBe(1);
    expect(q!.rows).toEqual([{ q: 2 }]);
    expect((await db.query(`select 1 from public.notes where body = 'pipelined'`)).rows).toHaveLength(1);
  });

  it('answers and then undoes the statements when asked to roll back', async () => {
    const [r] = await db.runAsRole(ctx, [{ sql: `insert into public.notes (owner, body) values ($1, 'undone') returning body`, params: [alice.sub] }], { rollback: true });
    expect(r!.rows).toEqual([{ body: 'undone' }]);
    expect((await db.query(`select 1 from public.notes where body = 'undone'`)).rows).toHaveLength(0);
    await expect(db.runAsRole(ctx, [divideByZero], { rollback: true })).rejects.toMatchObject({ code: '22012' });
    expect((await db.runAsRole(ctx, [{ sql: 'select 1 as one' }]))[0]!.rows).toEqual([{ one: 1 }]);
  });

  it('refuses writes in a read-only request, and lets row-level security decide', async () => {
    await expect(db.runAsRole({ ...ctx, role: 'service_role', claims: {}, readOnly: true }, [{ sql: `insert into public.notes (body) values ('ro')` }])).rejects.toMatchObject({ code: '25006' });
    await expect(db.runAsRole(ctx, [{ sql: `insert into public.notes (owner, body) values ('00000000-0000-0000-0000-00000000000b', 'forged')` }])).rejects.toMatchObject({ code: '42501' });
    const [mine] = await db.runAsRole(ctx, [{ sql: 'select body from public.notes order by id' }]);
    expect(mine!.rows.every((r) => r.body !== 'b1')).toBe(true);
  });

  it('leaves no role or settings behind on the connection', async () => {
    await Promise.all(Array.from({ length: 20 }, () => db.runAsRole(ctx, [{ sql: 'select 1' }])));
    const after = await Promise.all(
      Array.from({ length: 20 }, () => db.query<{ who: string; claims: string | null }>(`select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims`)),
    );
    for (const r of after) expect(r.rows[0]).toMatchObject({ claims: null, who: expect.not.stringMatching(/^authenticated$/) });
  });

  it('keeps working past the prepared-statement cache size (600 distinct shapes, then the first again)', async () => {
    for (let i = 0; i < 600; i++) {
      const [r] = await db.runAsRole(ctx, [{ sql: `select $1::int + ${i} as n`, params: ['1'] }]);
      expect(r!.rows[0]).toEqual({ n: i + 1 });
    }
    const [again] = await db.runAsRole(ctx, [{ sql: 'select $1::int + 0 as n', params: ['7'] }]);
    expect(again!.rows[0]).toEqual({ n: 7 });
    // PGlite's one backend is the server's (decision 0465): the statements it keeps stay within the cache.
    if (driverName === 'pglite') {
      const kept = await db.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'gather\\_%'`);
      expect(kept.rows[0]!.n).toBeLessThanOrEqual(MAX_PGLITE_PREPARED + 1);
    }
  });

  it('plans a statement once and still applies each caller\'s policies to it', async () => {
    const bob = { ...alice, sub: '00000000-0000-0000-0000-00000000000b', email: 'b@example.com' };
    const read = { sql: `select string_agg(body, ',' order by id) as bodies from public.notes where body like $1`, params: ['_1'] };
    // Past Postgres's five custom plans, so the generic plan serves both callers in turn.
    for (let i = 0; i < 8; i++) {
      for (const [claims, bodies] of [[alice, 'a1'], [bob, 'b1']] as const) {
        const [r] = await db.runAsRole({ ...ctx, claims }, [read]);
        expect(r!.rows).toEqual([{ bodies }]);
      }
    }
    if (driverName === 'pglite') {
      const plans = await db.query<{ generic: number }>(`select generic_plans::int as generic from pg_prepared_statements where statement = $1`, [read.sql]);
      expect(plans.rows[0]!.generic).toBeGreaterThan(0);
    }
  });
});

const divideByZero = { sql: 'select 1 / 0 as never' };
