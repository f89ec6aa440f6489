import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// A ban or a removal closes the member's joined channels of a private group (issue 30, decision
// 0269): the group's channel and its members-only events' channels end with the system error
// Realtime sends when policies refuse a channel, and the member leaves their presence.

let g: GatherServer;
let organizer: Member, member: Member;
let groupId: string, eventId: string;
const client = async (m: Member): Promise<SupabaseClient> => {
  const token = await signToken(m.claims);
  const c = g.as(() => token);
  await c.realtime.setAuth();
  return c;
};

/** Joins `topic` as `m`, tracked in presence under their username; records system messages and its last status. */
async function joined(m: Member, topic: string) {
  const seen = { system: [] as Record<string, unknown>[], status: '' };
  const channel = (await client(m)).channel(topic, { config: { private: true, broadcast: { self: true }, presence: { key: m.username } } })
    .on('system', {}, (p: Record<string, unknown>) => seen.system.push(p))
    .on('presence', { event: 'sync' }, () => {});
  await new Promise<void>((resolve, reject) => channel.subscribe((status, err) => {
    seen.status = status;
    if (status === 'SUBSCRIBED') resolve();
    else if (status === 'CHANNEL_ERROR') reject(err ?? new Error(status));
  }));
  expect(await channel.track({ here: true })).toBe('ok');
  return { channel, seen };
}
const present = (ch: RealtimeChannel) => Object.keys(ch.presenceState()).sort();

beforeAll(async () => {
  g = await startGather();
  [organizer, member] = (await Promise.all(['cb_organizer', 'cb_member'].map((u) => g.member(u)))) as [Member, Member];
  groupId = (await createGroup(g, organizer, { name: 'Closed circle', visibility: 'private' })).id;
  await join(g, member, groupId);
  eventId = (await createEvent(g, organizer, { title: 'Members night', group_id: groupId, visibility: 'members' })).id;
});
afterAll(() => g.stop());

describe("a private group's channels", () => {
  for (const [how, act] of [
    ['banned', (m: Member) => g.sqlAs(organizer)(`select public.ban_group_member($1, $2, true, 'trolling')`, [groupId, m.id])],
    ['removed', (m: Member) => g.sqlAs(organizer)('select public.remove_group_member($1, $2)', [groupId, m.id])],
  ] as const) {
    it(`close for a member who is ${how}, who leaves their presence; the others' stay`, async () => {
      const gone = await g.member(`cb_${how}`);
      await join(g, gone, groupId);
      const theirs = [await joined(gone, `group:${groupId}`), await joined(gone, `event:${eventId}`)];
      const stays = await joined(member, `group:${groupId}`);
      await expect.poll(() => present(stays.channel)).toEqual([member.username, gone.username].sort());

      await act(gone);
      for (const [i, topic] of [`group:${groupId}`, `event:${eventId}`].entries()) {
        await expect.poll(() => theirs[i]!.seen.status, { message: topic }).toBe('CLOSED');
        expect(theirs[i]!.seen.system, topic).toEqual([{
          extension: 'system', status: 'error', channel: topic, message: `You do not have permissions to read from this Channel topic: ${topic}`,
        }]);
      }
      await expect.poll(() => present(stays.channel)).toEqual([member.username]);
      // The member who stays still hears the channel.
      const heard: string[] = [];
      stays.channel.on('broadcast', { event: 'after' }, () => heard.push('after'));
      await stays.channel.send({ type: 'broadcast', event: 'after', payload: {} });
      await expect.poll(() => heard).toEqual(['after']);
      await stays.channel.unsubscribe();
      // And a new join is refused, as the policies say.
      await expect(subscribed((await client(gone)).channel(`group:${groupId}`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    });
  }
});
