import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// postgres_changes trimmed to the selected columns (issue 34 item 4, decision 0295): a binding's
// `select` (realtime-js's `select: ['id', 'title']`) limits the row, the old row and `columns`
// to those columns and the primary key, as upstream's apply_rls does; other bindings on the
// same table keep the whole row; a select upstream refuses is a postgres_changes system error.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.rt_posts (id int primary key, title text, body text, secret text);
    alter table public.rt_posts replica identity full;
    grant select (id, title, body), insert, update on public.rt_posts to anon;
    alter publication supabase_realtime add table public.rt_posts;`);
  await s.reloadSchema();
});
afterAll(async () => s?.stop());

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };
type System = { extension: string; status: string; message: string };

function subscribe(c: SupabaseClient, name: string, select?: unknown) {
  const got: Change[] = [];
  const system: System[] = [];
  const params = { event: '*', schema: 'public', table: 'rt_posts', ...(select === undefined ? {} : { select }) };
  const channel = c
    .channel(name)
    .on('postgres_changes', params as never, (p: Change) => got.push(p))
    .on('system', {}, (p: System) => system.push(p));
  return { channel, got, system };
}

describe(`postgres_changes select (${driverName})`, () => {
  it('keeps only the selected columns and the primary key; a whole-row binding keeps them all', async () => {
    const trimmed = subscribe(s.anon(), 'select-title', ['title']);
    const whole = subscribe(s.anon(), 'select-none');
    await Promise.all([subscribed(trimmed.channel), subscribed(whole.channel)]);
    await expect.poll(() => trimmed.system.map((m) => m.message)).toEqual(['Subscribed to PostgreSQL']);
    await s.db.exec(`insert into public.rt_posts values (1, 'Hello', 'long text', 'hidden')`);
    await s.db.exec(`update public.rt_posts set title = 'Hi', body = 'longer text' where id = 1`);
    await expect.poll(() => trimmed.got.length).toBe(2);
    await expect.poll(() => whole.got.length).toBe(2);
    expect(trimmed.got[0]!.new).toEqual({ id: 1, title: 'Hello' });
    expect(trimmed.got[1]!.new).toEqual({ id: 1, title: 'Hi' });
    expect(trimmed.got[1]!.old).toEqual({ id: 1, title: 'Hello' });
    // The column anon may not SELECT stays out either way.
    expect(whole.got[0]!.new).toEqual({ id: 1, title: 'Hello', body: 'long text' });
  });

  it('one channel with two selections gets each binding its own shape', async () => {
    const c = s.anon();
    const titles: Change[] = [];
    const bodies: Change[] = [];
    const channel = c
      .channel('select-two')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_posts', select: ['title'] } as never, (p: Change) => titles.push(p))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_posts', select: ['body'] } as never, (p: Change) => bodies.push(p));
    await subscribed(channel);
    await s.db.exec(`insert into public.rt_posts values (2, 'Two', 'second body', 'x')`);
    await expect.poll(() => [titles.map((p) => p.new), bodies.map((p) => p.new)]).toEqual([[{ id: 2, title: 'Two' }], [{ id: 2, body: 'second body' }]]);
  });

  // (A `select` that is a string is refused too, but realtime-js cannot send one: it calls
  // `select.join()` when it compares the join reply with its bindings.)
  it('a column the table lacks, or a wildcard table: upstream\'s system error, no changes', async () => {
    const missing = subscribe(s.anon(), 'select-missing', ['nope']);
    const wildcard = s.anon().channel('select-wildcard');
    const wildcardSystem: System[] = [];
    wildcard
      .on('postgres_changes', { event: '*', schema: 'public', select: ['title'] } as never, () => {})
      .on('system', {}, (p: System) => wildcardSystem.push(p));
    await Promise.all([subscribed(missing.channel), subscribed(wildcard)]);
    await expect.poll(() => missing.system.length).toBe(1);
    expect(missing.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(missing.system[0]!.message).toContain('select: ["nope"]]. Exception: ERROR P0001 (raise_exception) invalid column for select nope');
    await expect.poll(() => wildcardSystem[0]?.message).toBe(
      'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    );
    await s.db.exec(`insert into public.rt_posts values (3, 'Three', 'b', 'x')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(missing.got).toEqual([]);
  });
});
