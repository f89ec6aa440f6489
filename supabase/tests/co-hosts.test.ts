import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, ana: Member, ben: Member, admin: Member;
const add = (by: Member, eventId: string, username: string, role: string) =>
  g.sqlAs(by)('select public.add_event_host($1, $2, $3)', [eventId, username, role]);
const remove = (by: Member, eventId: string, userId: string) => g.sqlAs(by)('select public.remove_event_host($1, $2)', [eventId, userId]);
const team = async (eventId: string) =>
  (await g.db.query<{ username: string; role: string }>(
    'select p.username, h.role from public.event_hosts h join public.profiles p on p.id = h.user_id where h.event_id = $1 order by p.username', [eventId])).rows;

beforeAll(async () => {
  g = await startGather();
  [host, ana, ben, admin] = (await Promise.all(['host', 'ana', 'ben', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })))) as [Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('add_event_host', () => {
  it('adds by username, tells the person, logs it, and lets them do their part', async () => {
    const e = await createEvent(g, host, { title: 'Team event', requires_approval: true });
    const token = await signToken(host.claims);
    const { error } = await g.as(() => token).rpc('add_event_host', { event_id: e.id, username: '  Ana ', role: 'cohost' });
    expect(error).toBeNull();
    await add(host, e.id, 'ben', 'checker');
    expect(await team(e.id)).toEqual([{ username: 'ana', role: 'cohost' }, { username: 'ben', role: 'checker' }, { username: 'host', role: 'host' }]);

    const [told] = await g.sqlAs(ana)<{ kind: string; payload: Record<string, unknown> }>(`select kind, payload from public.notifications where kind = 'cohost_added'`);
    expect(told!.payload).toEqual({ event_id: e.id, slug: e.slug, title: 'Team event', role: 'cohost', from_name: 'host' });
    const log = await g.sqlAs(admin)<{ action: string; details: Record<string, unknown> }>(`select action, details from public.moderation_log where target_id = $1 order by created_at`, [e.id]);
    expect(log.map((l) => [l.action, l.details.username, l.details.role])).toEqual([['host_added', 'ana', 'cohost'], ['host_added', 'ben', 'checker']]);

    // The co-host manages RSVPs; the checker sees the guest list but does not manage it.
    const guest = await g.member('guest');
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    expect(await expectAppError(g.sqlAs(ben)('select public.decide_rsvp($1, $2, true)', [e.id, guest.id]))).toMatchObject({ code: 'not_host' });
    expect(await g.sqlAs(ben)('select status from public.rsvps where event_id = $1', [e.id])).toEqual([{ status: 'pending' }]);
    await g.sqlAs(ana)('select public.decide_rsvp($1, $2, true)', [e.id, guest.id]);
    // Checkers stay off the public list of hosts.
    const { data } = await g.anon().from('event_hosts').select('role').eq('event_id', e.id).order('role');
    expect(data).toEqual([{ role: 'host' }, { role: 'cohost' }]);
  });

  it('changes a role, and says clearly what it will not do', async () => {
    const e = await createEvent(g, host);
    await add(host, e.id, 'ana', 'cohost');
    await add(host, e.id, 'ana', 'checker');
    expect(await team(e.id)).toContainEqual({ username: 'ana', role: 'checker' });
    expect(await expectAppError(add(host, e.id, 'ana', 'checker'))).toEqual({ code: 'already_host', message: 'ana is already a checker of this event.', status: 409 });
    expect(await expectAppError(add(host, e.id, 'host', 'cohost'))).toEqual({ code: 'already_host', message: 'host is already the host of this event.', status: 409 });
    expect(await expectAppError(add(host, e.id, 'nobody_here', 'cohost'))).toEqual({ code: 'user_not_found', message: 'No member has that username.', status: 404 });
    expect(await expectAppError(add(host, e.id, 'ben', 'owner'))).toEqual({ code: 'invalid_role', message: 'Choose co-host or checker.', status: 400 });
    // Co-hosts manage the event but not its team; admins may.
    await add(host, e.id, 'ben', 'cohost');
    await g.member('helper');
    expect(await expectAppError(add(ben, e.id, 'helper', 'checker'))).toMatchObject({ code: 'not_host', status: 403 });
    await add(admin, e.id, 'helper', 'checker');
    const troll = await g.member('troll');
    await g.sqlAs(admin)(`select public.suspend_user($1, true, 'spam')`, [troll.id]);
    expect(await expectAppError(add(host, e.id, 'troll', 'cohost'))).toEqual({ code: 'user_suspended', message: 'This member is suspended.', status: 409 });
    const draft = await createEvent(g, host, { status: 'draft' });
    expect(await expectAppError(add(ana, draft.id, 'ben', 'cohost'))).toMatchObject({ code: 'event_not_found', status: 404 });
  });
});

describe('remove_event_host', () => {
  it('removes co-hosts and checkers, never the host; anyone may step down', async () => {
    const e = await createEvent(g, host);
    await add(host, e.id, 'ana', 'cohost');
    await add(host, e.id, 'ben', 'checker');
    expect(await expectAppError(remove(ana, e.id, ben.id))).toMatchObject({ code: 'not_host' });
    expect(await expectAppError(remove(host, e.id, host.id))).toEqual({ code: 'cannot_remove_owner', message: "The event's host cannot be removed.", status: 409 });
    expect(await expectAppError(remove(admin, e.id, host.id))).toMatchObject({ code: 'cannot_remove_owner' });
    expect(await expectAppError(remove(host, e.id, admin.id))).toEqual({ code: 'host_not_found', message: "This person is not one of the event's hosts.", status: 404 });
    await remove(ben, e.id, ben.id);
    await remove(host, e.id, ana.id);
    expect(await team(e.id)).toEqual([{ username: 'host', role: 'host' }]);
    const log = await g.sqlAs(admin)<{ action: string; actor_id: string; details: Record<string, unknown> }>(
      `select action, actor_id, details from public.moderation_log where target_id = $1 and action = 'host_removed' order by created_at`, [e.id]);
    expect(log.map((l) => [l.actor_id, l.details.username, l.details.role])).toEqual([[ben.id, 'ben', 'checker'], [host.id, 'ana', 'cohost']]);
    // Gone means gone: the former co-host no longer manages the event.
    expect(await g.sqlAs(ana)(`update public.events set title = 'Taken over' where id = $1 returning id`, [e.id])).toEqual([]);
  });
});
