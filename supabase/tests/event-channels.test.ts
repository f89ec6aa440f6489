import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../../server/test/helpers/realtime.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// The event page's channel, `event:<id>`, role by role (decision 0095): private, joined by those
// who may see the event, broadcast on by signed-in viewers only; and a public channel of the
// same name (what an attacker would join) hears nothing of it.
let g: GatherServer;
let H: Member, A: Member, S: Member, admin: Member;
let pub: string, priv: string, draft: string;

const client = async (m: Member | 'anon'): Promise<SupabaseClient> => {
  if (m === 'anon') return g.anon();
  const token = await signToken(m.claims);
  const c = g.as(() => token);
  await c.realtime.setAuth(); // the join carries the member's token
  return c;
};

type Heard = { typing: unknown[]; channel: RealtimeChannel };

/** Joins an event's channel as the app does (or as a public channel, as an attacker might). */
async function join(c: SupabaseClient, eventId: string, opts: { private?: boolean; key?: string } = {}): Promise<Heard> {
  const heard: Heard = { typing: [], channel: undefined as never };
  heard.channel = c
    .channel(`event:${eventId}`, { config: { private: opts.private ?? true, presence: { key: opts.key ?? crypto.randomUUID(), enabled: true } } })
    .on('broadcast', { event: 'typing' }, ({ payload }) => heard.typing.push(payload))
    .on('presence', { event: 'sync' }, () => {});
  await subscribed(heard.channel);
  return heard;
}

beforeAll(async () => {
  g = await startGather();
  [H, A, S, admin] = (await Promise.all([g.member('host'), g.member('invitee'), g.member('stranger'), g.member('admin', { admin: true })])) as [
    Member, Member, Member, Member,
  ];
  pub = (await createEvent(g, H, { title: 'Open to all' })).id;
  priv = (await createEvent(g, H, { title: 'Invitation only', visibility: 'private' })).id;
  draft = (await createEvent(g, H, { title: 'Not yet', status: 'draft' })).id;
  await g.sqlAs(H)('insert into public.event_invites (event_id, user_id, invited_by) values ($1, $2, $3)', [priv, A.id, H.id]);
});
afterAll(() => g.stop());

describe(`event page channels (${driverName})`, () => {
  it('lets into a private event\'s channel its hosts, the invited and admins, and nobody else', async () => {
    await join(await client(H), priv);
    await join(await client(A), priv);
    await join(await client(admin), priv);
    const refused = /Unauthorized: You do not have permissions to read from this Channel topic/;
    await expect(join(await client(S), priv)).rejects.toThrow(refused);
    await expect(join(await client('anon'), priv)).rejects.toThrow(refused);
    await expect(join(await client(A), draft)).rejects.toThrow(refused);
    await join(await client(H), draft);
    // Not an event's topic, or not an id: closed.
    await expect(subscribed((await client(H)).channel('event:nope', { config: { private: true } }))).rejects.toThrow(refused);
    await expect(subscribed((await client(H)).channel('admin:reports', { config: { private: true } }))).rejects.toThrow(refused);
  });

  it('counts signed-out viewers of a public event, but lets only signed-in viewers broadcast', async () => {
    const listener = await join(await client(H), pub);
    const visitor = await join(await client('anon'), pub);
    expect(await visitor.channel.track({ online_at: 'now' })).toBe('ok');
    await expect.poll(() => Object.keys(listener.channel.presenceState()).length).toBe(1);

    // The visitor's broadcast goes nowhere; a member's, sent after it, arrives alone.
    await visitor.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'v', name: 'Someone else' } });
    const member = await join(await client(S), pub);
    await member.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'm', name: 'Stranger' } });
    await expect.poll(() => listener.typing).toEqual([{ key: 'm', name: 'Stranger' }]);

    // The same holds for a broadcast over REST.
    const anonHttp = g.anon().channel(`event:${pub}`, { config: { private: true } });
    await expect(anonHttp.httpSend('typing', { key: 'x', name: 'Over REST' })).rejects.toThrow(/Unauthorized/);
  });

  it('refuses broadcasts from a suspended member', async () => {
    const suspended = await g.member('suspended');
    await g.sqlAs(admin)('select public.suspend_user($1, true)', [suspended.id]);
    const listener = await join(await client(H), pub);
    const them = await join(await client(suspended), pub);
    await them.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 's', name: 'Suspended' } });
    const host = await join(await client(H), pub);
    await host.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'h', name: 'Host' } });
    await expect.poll(() => listener.typing).toEqual([{ key: 'h', name: 'Host' }]);
  });

  it('keeps a private event\'s typing and presence from a public channel of the same name', async () => {
    const eavesdropper = await join(await client(S), priv, { private: false });
    const anonEavesdropper = await join(await client('anon'), priv, { private: false });
    const invitee = await join(await client(A), priv);
    const host = await join(await client(H), priv);
    expect(await host.channel.track({ online_at: 'now' })).toBe('ok');
    expect(await invitee.channel.track({ online_at: 'now' })).toBe('ok');
    await host.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'h', name: 'Host' } });
    await expect.poll(() => invitee.typing).toEqual([{ key: 'h', name: 'Host' }]);
    await expect.poll(() => Object.keys(invitee.channel.presenceState()).length).toBe(2);
    // And the other way round: what the public channel carries never reaches the private one.
    await eavesdropper.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'e', name: 'Fake host' } });
    await host.channel.send({ type: 'broadcast', event: 'typing', payload: { key: 'h', name: 'Host', stop: true } });
    await expect.poll(() => invitee.typing).toHaveLength(2);
    expect(invitee.typing[1]).toEqual({ key: 'h', name: 'Host', stop: true });
    expect(eavesdropper.typing).toEqual([]);
    expect(anonEavesdropper.typing).toEqual([{ key: 'e', name: 'Fake host' }]);
    expect(eavesdropper.channel.presenceState()).toEqual({});
  });

  it('lets an admin announce a hidden comment over REST on the private channel', async () => {
    const listener = await join(await client(A), priv);
    const hidden: unknown[] = [];
    listener.channel.on('broadcast', { event: 'comment_hidden' }, ({ payload }) => hidden.push(payload));
    const c = await client(admin);
    expect(await c.channel(`event:${priv}`, { config: { private: true } }).httpSend('comment_hidden', { id: 'c1' })).toEqual({ success: true });
    await expect.poll(() => hidden).toEqual([{ id: 'c1' }]);
  });
});
