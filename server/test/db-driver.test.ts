import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import type { Db } from '../src/db/db-types.ts';

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
