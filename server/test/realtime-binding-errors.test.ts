import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Found running kahoot-alternative (issue 22): a postgres_changes binding Supabase cannot create
// — a table outside the supabase_realtime publication, a filter on a column the table lacks —
// was answered "Subscribed to PostgreSQL" here. Supabase keeps the channel joined, sends no
// changes for any of its bindings, and says why in a `system` event with status "error".

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.rt_answers (id serial primary key, question_id int not null);
    create table public.rt_private (id serial primary key);
    grant select, insert on public.rt_answers, public.rt_private to anon;
    grant usage on sequence public.rt_answers_id_seq, public.rt_private_id_seq to anon;
    alter publication supabase_realtime add table public.rt_answers;
    notify pgrst, 'reload schema';`);
});
afterAll(async () => s?.stop());

interface SystemEvent { extension: string; status: string; message: string }

async function join(c: SupabaseClient, name: string, params: { table: string; filter?: string }[]) {
  const system: SystemEvent[] = [];
  const changes: unknown[] = [];
  let ch: RealtimeChannel = c.channel(name).on('system', {}, (p: SystemEvent) => system.push(p));
  for (const p of params) ch = ch.on('postgres_changes', { event: 'INSERT', schema: 'public', ...p }, (m) => changes.push(m));
  await subscribed(ch);
  await expect.poll(() => system.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return { system, changes };
}

describe(`postgres_changes bindings Supabase would refuse (${driverName})`, () => {
  it('a table outside the publication: error system event with upstream text, no changes', async () => {
    const c = s.anon();
    const { system, changes } = await join(c, 'outside', [{ table: 'rt_private' }]);
    expect(system[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: INSERT, schema: public, table: rt_private, filters: [], select: nil]',
    });
    expect((await c.from('rt_private').insert({})).error).toBeNull();
    expect(changes).toEqual([]);
  });

  it('a filter on a missing column fails the whole channel, its valid binding included', async () => {
    const c = s.anon();
    const { system, changes } = await join(c, 'bad-filter', [{ table: 'rt_answers' }, { table: 'rt_answers', filter: 'game_id=eq.1' }]);
    expect(system[0]!.status).toBe('error');
    expect(system[0]!.message).toContain('Exception: ERROR P0001 (raise_exception) invalid column for filter game_id');
    // A valid channel on the same table receives the insert; the failed one does not.
    const ok = await join(s.anon(), 'good', [{ table: 'rt_answers', filter: 'question_id=eq.3' }]);
    expect(ok.system[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
    expect((await c.from('rt_answers').insert({ question_id: 3 })).error).toBeNull();
    await expect.poll(() => ok.changes.length, { timeout: 10_000 }).toBe(1);
    expect(changes).toEqual([]);
  });
});

describe(`postgres_changes_options.wait (${driverName})`, () => {
  it('refuses the join itself, so subscribe() reports CHANNEL_ERROR with the reason', async () => {
    const c = s.anon();
    const status = await new Promise<string>((resolve) =>
      c
        .channel('waiting', { config: { postgres_changes_options: { wait: true } } })
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_private' }, () => {})
        .subscribe((st, err) => {
          if (st !== 'SUBSCRIBED') resolve(`${st} ${err?.message ?? ''}`);
          else resolve(st);
        }),
    );
    expect(status).toMatch(/^CHANNEL_ERROR RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters/);
    const ok = await new Promise<string>((resolve) =>
      c
        .channel('waiting-ok', { config: { postgres_changes_options: { wait: true } } })
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_answers' }, () => {})
        .subscribe((st) => resolve(st)),
    );
    expect(ok).toBe('SUBSCRIBED');
  });
});
