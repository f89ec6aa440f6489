import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges } from './helpers/realtime.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken } from './helpers/tokens.ts';

// A table whose row-level check cannot finish (its policy waits on a lock the test holds) must
// not hold back another table's changes (decision 0185). PGlite is one engine on one thread:
// while one statement waits nothing else runs, so there is nothing to isolate there.
const SKIP = driverName === 'postgres' ? '' : 'needs PostgreSQL (a policy waiting on a lock stalls all of PGlite); set DATABASE_URL';
if (SKIP) console.log(`realtime-isolation: skipped: ${SKIP}`);

const LOCK = 184_185;
let s: TestServer;

describe.skipIf(SKIP !== '')(`change fan-out isolation (${driverName})`, () => {
  beforeAll(async () => {
    s = await startTestServer();
    await s.db.exec(`
      create table public.rt_fast (id int primary key, body text);
      grant select on public.rt_fast to anon, authenticated;
      create function public.rt_wait_for_test() returns boolean language sql volatile as
        $$ select pg_advisory_xact_lock_shared(${LOCK}) is not null $$;
      create table public.rt_slow (id int primary key, body text);
      alter table public.rt_slow enable row level security;
      create policy waits on public.rt_slow for select to authenticated using (public.rt_wait_for_test());
      grant select on public.rt_slow to authenticated;
      alter publication supabase_realtime add table public.rt_fast, public.rt_slow;`);
  });
  afterAll(() => s?.stop());

  it("delivers one table's changes while another table's check is stuck, and the stuck one after", async () => {
    const token = await signToken({ sub: '00000000-0000-0000-0000-0000000000a1', role: 'authenticated', aud: 'authenticated' });
    const slow = collectChanges(s.as(() => token), 'slow', { table: 'rt_slow' });
    const fast = collectChanges(s.anon(), 'fast', { table: 'rt_fast' });
    await Promise.all([slow.ready, fast.ready]);
    await s.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK]);
      // Committed first, so a single queue would deliver rt_fast's rows only after this one.
      await s.db.exec(`insert into public.rt_slow values (1, 'stuck until the lock goes')`);
      await s.db.exec(`insert into public.rt_fast values (1, 'a'), (2, 'b')`);
      await expect.poll(() => fast.got.map((p) => p.new.id), { timeout: 10_000 }).toEqual([1, 2]);
      expect(slow.got).toEqual([]);
    });
    await expect.poll(() => slow.got.map((p) => p.new.id), { timeout: 10_000 }).toEqual([1]);
    // Order within a table holds: later rows of the slow table come after the stuck one.
    await s.db.exec(`insert into public.rt_slow values (2, 'next')`);
    await expect.poll(() => slow.got.map((p) => p.new.id), { timeout: 10_000 }).toEqual([1, 2]);
  });
});
