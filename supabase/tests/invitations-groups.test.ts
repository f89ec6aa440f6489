import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { run } from './support/cast.ts';
import { createEvent, startGather, type GatherServer } from './support/gather-server.ts';
import { makeGroupCast, type GroupCast } from './support/group-cast.ts';
import { emailTokenFor, invite, makeLink } from './support/invitations.ts';

// Issue 32 item 2 for private groups (decision 0305): organizers and co-organizers invite by
// email and by link; an invitation joins the group at once, past its approval, never past a ban.

let g: GatherServer;
let c: GroupCast;

const accept = async (who: GroupCast['member'], token: string, answer: string | null = 'join') =>
  (await g.sqlAs(who)<{ r: Record<string, unknown> }>('select public.accept_invitation($1, $2) as r', [token, answer]))[0]!.r;
const statusOf = async (groupId: string, userId: string) =>
  (await g.db.query<{ status: string }>('select status from public.group_members where group_id = $1 and user_id = $2', [groupId, userId])).rows[0]?.status;

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
});
afterAll(() => g.stop());

describe(`invitations to a private group (${driverName})`, () => {
  it('organizers and co-organizers invite; event organizers, members and outsiders may not', async () => {
    expect(await invite(g, c.organizer, c.closed.id, 'outsider@test.example', 'group')).toMatchObject({ invited: ['outsider@test.example'] });
    expect(await invite(g, c.coOrganizer, c.closed.id, 'pending@test.example, banned@test.example', 'group'))
      .toMatchObject({ invited: ['pending@test.example', 'banned@test.example'] });
    for (const who of [c.eventOrganizer, c.member, c.outsider]) {
      expect(await run(g, who, 'select public.invite_to_group($1, $2)', [c.closed.id, 'x@y.example'])).toBe('not_group_manager');
      expect(await run(g, who, 'select public.create_invite_link(null, $1)', [c.closed.id])).toBe('not_group_manager');
    }
    expect(await g.sqlAs(c.coOrganizer)('select id from public.invitations where group_id = $1', [c.closed.id])).toHaveLength(3);
    expect(await g.sqlAs(c.member)('select id from public.invitations where group_id = $1', [c.closed.id])).toEqual([]);
    expect(await g.sqlAs(c.eventOrganizer)('select id from public.invitations where group_id = $1', [c.closed.id])).toEqual([]);
  });

  it('a visitor sees what the invitation leads to; the invitee joins in one step, past the approval', async () => {
    const token = await emailTokenFor(g, c.closed.id, 'outsider@test.example');
    const seen = (await g.sqlAs('anon')<{ d: Record<string, unknown> }>('select public.invitation_details($1) as d', [token]))[0]!.d;
    expect(seen).toMatchObject({ kind: 'email', event: null, group: { id: c.closed.id, name: 'Closed circle', visibility: 'private', join_policy: 'approval' } });
    expect(await run(g, c.member, 'select public.accept_invitation($1, $2)', [token, 'join'])).toBe('invitation_other_account');
    expect(await run(g, c.outsider, 'select public.accept_invitation($1, $2)', [token, 'going'])).toBe('invalid_answer');
    expect(await accept(c.outsider, token)).toMatchObject({ target: 'group', member_status: 'active', response: 'joined' });
    expect(await statusOf(c.closed.id, c.outsider.id)).toBe('active');
    // Now a member: the private group's members-only event is theirs to see.
    expect(await g.sqlAs(c.outsider)('select id from public.events where id = $1', [c.closed.membersEvent])).toHaveLength(1);
    const row = (await g.sqlAs(c.organizer)<{ response: string; user_id: string; opened_at: Date | null }>(
      `select response, user_id, opened_at from public.invitations where email = 'outsider@test.example'`))[0]!;
    expect(row).toMatchObject({ response: 'joined', user_id: c.outsider.id });
    expect(row.opened_at).not.toBeNull();
  });

  it('a pending request becomes a membership; a ban stays a ban', async () => {
    expect(await statusOf(c.closed.id, c.pending.id)).toBe('pending');
    await accept(c.pending, await emailTokenFor(g, c.closed.id, 'pending@test.example'));
    expect(await statusOf(c.closed.id, c.pending.id)).toBe('active');
    expect(await run(g, c.banned, 'select public.accept_invitation($1, $2)', [await emailTokenFor(g, c.closed.id, 'banned@test.example'), 'join']))
      .toBe('banned_from_group');
    expect(await statusOf(c.closed.id, c.banned.id)).toBe('banned');
  });

  it('declining is recorded; joining the group another way answers the invitation too', async () => {
    const [x, y] = [await g.member('declines'), await g.member('joins_alone')];
    await invite(g, c.organizer, c.open.id, 'declines@test.example, joins_alone@test.example', 'group');
    expect(await accept(x, await emailTokenFor(g, c.open.id, 'declines@test.example'), 'decline')).toMatchObject({ response: 'declined', member_status: null });
    await g.sqlAs(y)('select public.join_group($1)', [c.open.id]);
    const rows = await g.sqlAs(c.organizer)<{ email: string; response: string }>(
      'select email, response from public.invitations where group_id = $1 order by email', [c.open.id]);
    expect(rows).toEqual([{ email: 'declines@test.example', response: 'declined' }, { email: 'joins_alone@test.example', response: 'joined' }]);
  });

  it('a group link joins whoever holds it, within its limit; a revoked one joins no one', async () => {
    const link = await makeLink(g, c.coOrganizer, { group_id: c.closed.id, max_uses: 2, expires_at: new Date(Date.now() + 864e5).toISOString() });
    const [a, b, d] = [await g.member('link_a'), await g.member('link_b'), await g.member('link_c')];
    expect(await accept(a, link.token)).toMatchObject({ member_status: 'active', response: 'joined' });
    // Taken up without an answer yet: recorded as invited, not a member.
    expect(await accept(b, link.token, null)).toMatchObject({ member_status: null, response: null });
    expect(await run(g, d, 'select public.accept_invitation($1, $2)', [link.token, 'join'])).toBe('invite_link_used_up');
    expect(await accept(b, link.token)).toMatchObject({ member_status: 'active' });
    const revoked = await makeLink(g, c.organizer, { group_id: c.closed.id });
    await g.sqlAs(c.coOrganizer)('select public.revoke_invite_link($1)', [revoked.id]);
    expect(await run(g, d, 'select public.accept_invitation($1, $2)', [revoked.token, 'join'])).toBe('invite_link_revoked');
    expect(await statusOf(c.closed.id, d.id)).toBeUndefined();
    expect(await run(g, c.eventOrganizer, 'select public.revoke_invite_link($1)', [link.id])).toBe('invite_link_not_found');
  });

  it('members-only events are not for invitations: the group is', async () => {
    expect(await run(g, c.organizer, 'select public.invite_to_event($1, $2)', [c.closed.membersEvent, 'a@b.example'])).toBe('invitations_members_only');
    // A private event of the group is: its event organizer invites to it.
    const priv = (await createEvent(g, c.eventOrganizer, { title: 'Closed supper', group_id: c.closed.id, visibility: 'private' })).id;
    expect(await invite(g, c.eventOrganizer, priv, 'link_c@test.example')).toMatchObject({ invited: ['link_c@test.example'] });
  });
});
