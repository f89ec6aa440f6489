import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LateDb } from '../src/db/late-db.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// The stand-in the early APIs hold while the database opens (decision 0448).
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
}, 120_000);
afterAll(() => t?.drop());

describe(`LateDb (${driverName})`, () => {
  it('refuses before it is bound, then is the database it was given', async () => {
    const late = new LateDb(t.db.kind);
    expect(() => late.query('select 1')).toThrow('the database is not open yet');
    expect(late.poolStats).toBeUndefined();
    late.bind(t.db);
    expect((await late.query<{ n: number }>('select 41 + $1::int as n', [1])).rows).toEqual([{ n: 42 }]);
    const role = await late.asRole({ role: 'anon', claims: { role: 'anon' } }, async (tx) => (await tx.query<{ r: string }>('select current_user as r')).rows[0]!.r);
    expect(role).toBe('anon');
    const heard = new Promise<string>((resolve) => void late.listen('late_db_test', resolve).then(() => late.notify('late_db_test', 'hello')));
    expect(await heard).toBe('hello');
    // The pool's figures exactly where the driver has a pool (PostgreSQL), as the metrics expect.
    expect(typeof late.poolStats).toBe(typeof t.db.poolStats);
    expect(typeof late.separatePool).toBe(typeof t.db.separatePool);
  });
});
