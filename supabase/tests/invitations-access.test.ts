import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { run } from './support/cast.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { emailTokenFor, invite, makeLink } from './support/invitations.ts';

// Issue 32 item 2, decisions 0305-0306: who sees a private event and its invitations, role by
// role — host, co-host, invitee by email (confirmed or not), link redeemer, another member, a
// visitor — through SQL under row-level security and through REST as the app reads it.

let g: GatherServer;
let host: Member, cohost: Member, invitee: Member, redeemer: Member, other: Member, unconfirmed: Member;
let priv = '';

const rest = async (m: Member | 'anon'): Promise<SupabaseClient> => {
  if (m === 'anon') return g.as(() => g.keys.anonKey);
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const seesEvent = async (who: Member | 'anon', id: string) =>
  (await g.sqlAs(who)<{ n: number }>('select count(*)::int as n from public.events where id = $1', [id]))[0]!.n === 1;

beforeAll(async () => {
  g = await startGather();
  [host, cohost, invitee, redeemer, other] = (await Promise.all(
    ['host', 'cohost', 'invitee', 'redeemer', 'other'].map((u) => g.member(u)),
  )) as [Member, Member, Member, Member, Member];
  // Signed up, address not confirmed yet: an invitation to that address opens nothing.
  unconfirmed = await g.member('unconfirmed');
  await g.db.query('update auth.users set email_confirmed_at = null where id = $1', [unconfirmed.id]);
  priv = (await createEvent(g, host, { title: 'Supper club', visibility: 'private' })).id;
  await g.sqlAs(host)(`select public.add_event_host($1, 'cohost', 'cohost')`, [priv]);
});
afterAll(() => g.stop());

describe(`invitations to a private event, role by role (${driverName})`, () => {
  it('before any invitation, only the team sees the private event', async () => {
    expect(await seesEvent(host, priv)).toBe(true);
    expect(await seesEvent(cohost, priv)).toBe(true);
    for (const who of [invitee, redeemer, other, 'anon'] as const) expect(await seesEvent(who, priv)).toBe(false);
  });

  it('the host and a co-host invite by email (pasted, many at once); others are refused with the catalogue\'s codes', async () => {
    const first = await invite(g, host, priv, 'Invitee <INVITEE@test.example>, nobody@else.example; not-an-address');
    expect(first).toEqual({ invited: ['invitee@test.example', 'nobody@else.example'], already_invited: [], invalid: ['not-an-address'] });
    const again = await invite(g, cohost, priv, 'invitee@test.example\nunconfirmed@test.example');
    expect(again).toEqual({ invited: ['unconfirmed@test.example'], already_invited: ['invitee@test.example'], invalid: [] });
    expect(await run(g, other, 'select public.invite_to_event($1, $2)', [priv, 'x@y.example'])).toBe('event_not_found');
    expect(await run(g, invitee, 'select public.invite_to_event($1, $2)', [priv, 'x@y.example'])).toBe('not_host');
    expect(await run(g, 'anon', 'select public.invite_to_event($1, $2)', [priv, 'x@y.example'])).toBe('42501');
    expect(await run(g, host, 'select public.invite_to_event($1, $2)', [priv, 'nothing here'])).toBe('invalid_emails');
    expect(await run(g, host, 'select public.invite_to_event($1, $2)', [priv, ' , ; '])).toBe('no_emails');
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.example`).join(',');
    expect(await run(g, host, 'select public.invite_to_event($1, $2)', [priv, many])).toBe('too_many_emails');
  });

  it('an invitee sees the event by their confirmed address; an unconfirmed address opens nothing', async () => {
    expect(await seesEvent(invitee, priv)).toBe(true);
    expect(await seesEvent(unconfirmed, priv)).toBe(false);
    expect(await seesEvent(other, priv)).toBe(false);
    // Through REST too, as the event page asks.
    const { data } = await (await rest(invitee)).from('events').select('id, title').eq('id', priv).maybeSingle();
    expect(data).toEqual({ id: priv, title: 'Supper club' });
    expect((await (await rest(other)).from('events').select('id').eq('id', priv).maybeSingle()).data).toBeNull();
  });

  it('the host sees every invitation; the invitee their own; other members and visitors none', async () => {
    const hostRows = await g.sqlAs(host)<{ email: string; user_id: string | null }>(
      'select email, user_id from public.invitations where event_id = $1 order by email', [priv]);
    // Typing an address tells the host nothing about whose account it is: no user until they act.
    expect(hostRows).toEqual([
      { email: 'invitee@test.example', user_id: null },
      { email: 'nobody@else.example', user_id: null },
      { email: 'unconfirmed@test.example', user_id: null },
    ]);
    expect(await g.sqlAs(cohost)('select id from public.invitations where event_id = $1', [priv])).toHaveLength(3);
    expect((await g.sqlAs(invitee)<{ email: string }>('select email from public.invitations')).map((r) => r.email)).toEqual(['invitee@test.example']);
    expect(await g.sqlAs(unconfirmed)('select id from public.invitations')).toEqual([]);
    expect(await g.sqlAs(other)('select id from public.invitations')).toEqual([]);
    expect(await run(g, 'anon', 'select id from public.invitations')).toBe('42501');
  });

  it('an invitation link: its token is for the hosts only, through SQL and REST', async () => {
    const link = await makeLink(g, host, { event_id: priv, max_uses: 1 });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await g.sqlAs(cohost)<{ token: string }>('select token from public.invite_links'))[0]!.token).toBe(link.token);
    for (const who of [invitee, redeemer, other]) expect(await g.sqlAs(who)('select token from public.invite_links')).toEqual([]);
    expect(await run(g, 'anon', 'select token from public.invite_links')).toBe('42501');
    expect((await (await rest(other)).from('invite_links').select('token')).data).toEqual([]);
    expect((await (await rest('anon')).from('invite_links').select('token')).error?.code).toBe('42501');

    // A visitor may look at what the link leads to; redeeming takes an account.
    const seen = (await g.sqlAs('anon')<{ d: Record<string, unknown> }>('select public.invitation_details($1) as d', [link.token]))[0]!.d;
    expect(seen).toMatchObject({ kind: 'link', email: null, me: null, event: { id: priv, title: 'Supper club' }, invited_by: { username: 'host' } });
    expect(await run(g, 'anon', 'select public.accept_invitation($1)', [link.token])).toBe('42501');

    // The redeemer is recorded as invited and sees the event; the second person finds it used up.
    const taken = (await g.sqlAs(redeemer)<{ r: Record<string, unknown> }>('select public.accept_invitation($1) as r', [link.token]))[0]!.r;
    expect(taken).toMatchObject({ target: 'event', event_id: priv, rsvp: null, rsvp_error: null });
    expect(await seesEvent(redeemer, priv)).toBe(true);
    expect(await run(g, other, 'select public.accept_invitation($1)', [link.token])).toBe('invite_link_used_up');
    expect(await seesEvent(other, priv)).toBe(false);
    // Redeeming again uses nothing more, even once the link is used up or turned off.
    await g.sqlAs(redeemer)('select public.accept_invitation($1)', [link.token]);
    await g.sqlAs(host)('select public.revoke_invite_link($1)', [link.id]);
    await g.sqlAs(redeemer)('select public.accept_invitation($1)', [link.token]);
    expect((await g.sqlAs(host)<{ use_count: number }>('select use_count from public.invite_links where id = $1', [link.id]))[0]!.use_count).toBe(1);
    const viaLink = await g.sqlAs(host)<{ via: string; user_id: string; opened_at: string | null }>(
      `select via, user_id, opened_at from public.invitations where link_id = $1`, [link.id]);
    expect(viaLink).toEqual([{ via: 'link', user_id: redeemer.id, opened_at: expect.any(Date) }]);
  });

  it('refuses expired, revoked, used-up and unknown links, and forged invitations, each with its code and status', async () => {
    const expired = await makeLink(g, host, { event_id: priv });
    await g.db.query(`update public.invite_links set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const revoked = await makeLink(g, host, { event_id: priv });
    await g.sqlAs(host)('select public.revoke_invite_link($1)', [revoked.id]);
    const usedUp = await makeLink(g, host, { event_id: priv, max_uses: 1 });
    await g.sqlAs(cohost)('select public.accept_invitation($1)', [usedUp.token]);
    const cases: [string, string][] = [
      [expired.token, 'invite_link_expired'], [revoked.token, 'invite_link_revoked'], [usedUp.token, 'invite_link_used_up'],
      ['A'.repeat(32), 'invite_link_invalid'], ['no such thing', 'invite_link_invalid'],
      [`${priv}.${'0'.repeat(32)}`, 'invitation_invalid'],
    ];
    for (const [token, code] of cases) {
      const err = await g.sqlAs(other)('select public.accept_invitation($1)', [token]).catch((e: unknown) => e);
      const body = JSON.parse((err as { message: string }).message) as { code: string; message: string };
      const status = (JSON.parse((err as { detail: string }).detail) as { status: number }).status;
      expect({ token, code: body.code }).toEqual({ token, code });
      expect(status).toBe(code.endsWith('_invalid') ? 404 : 410);
      expect(body.message).toMatch(/\.$/);
      // Looking is refused the same way, for visitors too.
      expect(await run(g, 'anon', 'select public.invitation_details($1)', [token])).toBe(code);
    }
    expect(await seesEvent(other, priv)).toBe(false);
    expect(await run(g, other, 'select public.revoke_invite_link($1)', [expired.id])).toBe('invite_link_not_found');
    expect(await run(g, host, 'select public.create_invite_link($1, null, now() - interval \'1 day\')', [priv])).toBe('invalid_expiry');
    expect(await run(g, host, 'select public.create_invite_link($1, null, null, 0)', [priv])).toBe('invalid_max_uses');
    expect(await run(g, other, 'select public.create_invite_link($1)', [priv])).toBe('event_not_found');
    expect(await run(g, invitee, 'select public.create_invite_link($1)', [priv])).toBe('not_host');
  });

  it('an email invitation is answered by its address\'s account only, in one step, and the host sees it opened and answered', async () => {
    const token = await emailTokenFor(g, priv, 'invitee@test.example');
    // Someone else holding the link may look, not answer.
    expect(await run(g, other, 'select public.accept_invitation($1, $2)', [token, 'going'])).toBe('invitation_other_account');
    expect(await run(g, unconfirmed, 'select public.accept_invitation($1, $2)', [token, 'going'])).toBe('invitation_other_account');
    const before = (await g.sqlAs(host)<{ opened_at: Date | null }>(`select opened_at from public.invitations where email = 'invitee@test.example'`))[0]!;
    expect(before.opened_at).toBeNull();
    // Following the link (a visitor's page load) marks it opened.
    const seen = (await g.sqlAs('anon')<{ d: Record<string, unknown> }>('select public.invitation_details($1) as d', [token]))[0]!.d;
    expect(seen).toMatchObject({ kind: 'email', email: 'invitee@test.example', event: { title: 'Supper club', host_name: 'host' } });
    const mine = (await g.sqlAs(invitee)<{ d: { me: Record<string, unknown> } }>('select public.invitation_details($1) as d', [token]))[0]!.d.me;
    expect(mine).toEqual({ may_answer: true, response: null, rsvp_status: null, member_status: null });

    const answer = (await g.sqlAs(invitee)<{ r: Record<string, unknown> }>('select public.accept_invitation($1, $2) as r', [token, 'going']))[0]!.r;
    expect(answer).toMatchObject({ target: 'event', response: 'going', rsvp: { status: 'going' }, rsvp_error: null });
    const row = (await g.sqlAs(host)<{ user_id: string; opened_at: Date | null; response: string; answered_at: Date | null }>(
      `select user_id, opened_at, response, answered_at from public.invitations where email = 'invitee@test.example'`))[0]!;
    expect(row).toMatchObject({ user_id: invitee.id, response: 'going' });
    expect(row.opened_at).not.toBeNull();
    expect(row.answered_at).not.toBeNull();
    // Cancelling from the event page is an answer too.
    await g.sqlAs(invitee)('select public.cancel_rsvp($1)', [priv]);
    expect((await g.sqlAs(host)<{ response: string }>(`select response from public.invitations where email = 'invitee@test.example'`))[0]!.response).toBe('declined');
    expect(await run(g, invitee, 'select public.accept_invitation($1, $2)', [token, 'join'])).toBe('invalid_answer');
  });

  it('an invitee who RSVPs from the event page, without the link, is answered too', async () => {
    const e = (await createEvent(g, host, { title: 'Second supper', visibility: 'private' })).id;
    await invite(g, host, e, 'other@test.example');
    await g.sqlAs(other)('select public.rsvp($1)', [e]);
    const row = (await g.sqlAs(host)<{ user_id: string; response: string }>('select user_id, response from public.invitations where event_id = $1', [e]))[0]!;
    expect(row).toEqual({ user_id: other.id, response: 'going' });
  });

  it('removing an invitation closes the door it opened; the hosts may remove, others may not', async () => {
    const e = (await createEvent(g, host, { title: 'Third supper', visibility: 'private' })).id;
    await invite(g, host, e, 'redeemer@test.example');
    expect(await seesEvent(redeemer, e)).toBe(true);
    await g.sqlAs(redeemer)('delete from public.invitations where event_id = $1', [e]);
    expect(await seesEvent(redeemer, e)).toBe(true);
    await g.sqlAs(host)('delete from public.invitations where event_id = $1', [e]);
    expect(await seesEvent(redeemer, e)).toBe(false);
  });

  it('refuses invitations to drafts', async () => {
    const draft = (await createEvent(g, host, { title: 'Draft supper', status: 'draft', visibility: 'private' })).id;
    expect(await run(g, host, 'select public.invite_to_event($1, $2)', [draft, 'a@b.example'])).toBe('event_not_published');
    expect(await run(g, host, 'select public.create_invite_link($1)', [draft])).toBe('event_not_published');
  });
});
