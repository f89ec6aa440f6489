import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges, subscribed } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';
import { join, makeGroupCast, type GroupCast } from './support/group-cast.ts';

// The realtime topics that carry group data, role by role: member counts (group_stats),
// requests (group_manager_stats), announcements, and a group's private channel.

let g: GatherServer;
let c: GroupCast;
type Label = 'anon' | 'outsider' | 'member' | 'pending' | 'banned' | 'eventOrganizer' | 'coOrganizer' | 'organizer' | 'admin';
const LABELS: Label[] = ['anon', 'outsider', 'member', 'pending', 'banned', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin'];
const client = async (label: Label): Promise<SupabaseClient> => {
  if (label === 'anon') return g.anon();
  const token = await signToken(c[label].claims);
  return g.as(() => token);
};
let n = 0;

/** Subscribes every role to one table's changes for a group; returns what each received. */
async function listen(table: string, groupId: string, event: 'INSERT' | 'UPDATE' = 'UPDATE') {
  const subs = await Promise.all(LABELS.map(async (label) => [label, collectChanges(await client(label), `${table}-${label}-${++n}`, { table, event, filter: `group_id=eq.${groupId}` })] as const));
  await Promise.all(subs.map(([, s]) => s.ready));
  return Object.fromEntries(subs) as Record<Label, ReturnType<typeof collectChanges>>;
}

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
});
afterAll(() => g.stop());

describe('group topics follow row-level security', () => {
  it('member counts reach everyone who may see the group', async () => {
    const subs = await listen('group_stats', c.closed.id);
    const newcomer = await g.member('newcomer');
    await join(g, newcomer, c.closed.id);
    await g.sqlAs(c.organizer)('select public.decide_group_member($1, $2, true)', [c.closed.id, newcomer.id]);
    for (const label of LABELS) await expect.poll(() => subs[label].got.map((p) => p.new.member_count), { message: label }).toEqual([5]);
  });

  it('request counts reach the organizers, co-organizers and admins only', async () => {
    const subs = await listen('group_manager_stats', c.closed.id);
    const asker = await g.member('asker');
    await join(g, asker, c.closed.id);
    const managers: Label[] = ['coOrganizer', 'organizer', 'admin'];
    for (const label of managers) await expect.poll(() => subs[label].got.map((p) => p.new.pending_count), { message: label }).toEqual([2]);
    // A later change everyone may see arrives, so the earlier one was never coming to the others.
    const stats = await listen('group_stats', c.closed.id);
    await g.sqlAs(c.organizer)('select public.decide_group_member($1, $2, true)', [c.closed.id, asker.id]);
    for (const label of LABELS) await expect.poll(() => stats[label].got.length, { message: label }).toBe(1);
    for (const label of LABELS.filter((l) => !managers.includes(l))) expect(subs[label].got, label).toEqual([]);
  });

  it('a hidden group\'s counts go to its organizers and the admins only', async () => {
    await g.db.query('update public.groups set hidden_at = now() where id = $1', [c.open.id]);
    try {
      const subs = await listen('group_stats', c.open.id);
      await g.sqlAs(c.member)('select public.leave_group($1)', [c.open.id]);
      const sees: Label[] = ['coOrganizer', 'organizer', 'admin'];
      for (const label of sees) await expect.poll(() => subs[label].got.map((p) => p.new.member_count), { message: label }).toEqual([3]);
      for (const label of LABELS.filter((l) => !sees.includes(l))) expect(subs[label].got, label).toEqual([]);
    } finally {
      await g.db.query('update public.groups set hidden_at = null where id = $1', [c.open.id]);
      await join(g, c.member, c.open.id);
    }
  });
});

describe('announcements live', () => {
  it('reach those who may read the group\'s content: a private group\'s its members', async () => {
    const subs = await listen('group_announcements', c.closed.id, 'INSERT');
    await g.sqlAs(c.organizer)('select public.post_group_announcement($1, $2, $3)', [c.closed.id, 'Live news', 'Hello members']);
    const insiders: Label[] = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin'];
    for (const label of insiders) await expect.poll(() => subs[label].got.map((p) => p.new.subject), { message: label }).toEqual(['Live news']);
    // Then one in the public group, which everyone hears: the private one never came to the others.
    const open = await listen('group_announcements', c.open.id, 'INSERT');
    await g.sqlAs(c.organizer)('select public.post_group_announcement($1, $2, $3)', [c.open.id, 'Open news', 'Hello all']);
    for (const label of LABELS) await expect.poll(() => open[label].got.length, { message: label }).toBe(1);
    for (const label of LABELS.filter((l) => !insiders.includes(l))) expect(subs[label].got, label).toEqual([]);
  });
});

describe('a group\'s private channel', () => {
  const channel = (cl: SupabaseClient, groupId: string) =>
    cl.channel(`group:${groupId}`, { config: { private: true, broadcast: { self: false }, presence: { key: `k${++n}` } } });

  it('is heard by those who may see the group\'s content', async () => {
    for (const label of LABELS) {
      const cl = await client(label);
      await cl.realtime.setAuth();
      const insider = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin'].includes(label);
      const join = subscribed(channel(cl, c.closed.id));
      if (insider) await expect(join, label).resolves.toBeTruthy();
      else await expect(join, label).rejects.toThrow(/Unauthorized/);
      // A public group's channel is everyone's to hear.
      await expect(subscribed(channel(cl, c.open.id)), label).resolves.toBeTruthy();
    }
  });

  it('is broadcast on by members only; presence counts every viewer', async () => {
    const listener = await client('member');
    await listener.realtime.setAuth();
    const heard: string[] = [];
    const ch = channel(listener, c.open.id).on('broadcast', { event: 'wave' }, ({ payload }) => heard.push((payload as { from: string }).from));
    await subscribed(ch);
    for (const label of ['anon', 'outsider', 'banned', 'eventOrganizer', 'organizer'] as Label[]) {
      const cl = await client(label);
      await cl.realtime.setAuth();
      const speaker = await subscribed(channel(cl, c.open.id));
      await speaker.send({ type: 'broadcast', event: 'wave', payload: { from: label } });
      // Presence is for everyone who may see a public group (it carries no identity).
      expect(await speaker.track({ seen: true }), label).toBe('ok');
    }
    await expect.poll(() => heard.sort()).toEqual(['eventOrganizer', 'organizer']);
  });
});
