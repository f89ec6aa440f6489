import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { settledMail } from './support/notification-mail.ts';

// Moderation that tells people (issue 32 item 5, decision 0310): a hidden event's or group's team
// is told why (in the bell and by email) and may appeal once; an admin answers the appeal; members
// holding an RSVP learn the event is unavailable; the audit names what was acted on.

let g: GatherServer;
let host: Member, cohost: Member, guest: Member, stranger: Member, admin: Member;
beforeAll(async () => {
  g = await startGather();
  [host, cohost, guest, stranger, admin] = (await Promise.all(
    ['mn_host', 'mn_cohost', 'mn_guest', 'mn_stranger', 'mn_admin'].map((u) => g.member(u, { admin: u === 'mn_admin' })))) as Member[] as [Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

const hide = (type: 'event' | 'group', id: string, reason?: string) =>
  g.sqlAs(admin)('select public.hide_content($1, $2, true, $3)', [type, id, reason ?? null]);
const noticesOf = (m: Member, kind: string, id: string) =>
  g.sqlAs(m)<{ payload: Record<string, unknown> }>(
    `select payload from public.notifications where kind = $1 and coalesce(payload ->> 'event_id', payload ->> 'group_id') = $2 order by created_at`, [kind, id]);
const hiddenItem = async (id: string) =>
  (await g.db.query<{ id: string }>('select id from public.hidden_items where target_id = $1 and restored_at is null', [id])).rows[0]!.id;

async function teamEvent(title: string) {
  const e = await createEvent(g, host, { title });
  await g.sqlAs(host)(`select public.add_event_host($1, 'mn_cohost', 'cohost')`, [e.id]);
  return e;
}

describe('a hidden event', () => {
  it('tells its team why, in the bell and by email; others read nothing of it', async () => {
    const e = await teamEvent('Night market');
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    await hide('event', e.id, '  Sells counterfeit goods.  ');
    for (const m of [host, cohost]) {
      expect((await noticesOf(m, 'content_hidden', e.id)).map((n) => [n.payload.title, n.payload.reason])).toEqual([['Night market', 'Sells counterfeit goods.']]);
    }
    expect(await noticesOf(guest, 'content_hidden', e.id)).toEqual([]);
    const [mail] = await settledMail(g, host, 'content_hidden');
    expect(mail!.subject).toBe('The moderators hid your event Night market');
    expect(mail!.text).toContain('> Sells counterfeit goods.');
    // Its button leads to the notice's page, where the team reads why and may appeal.
    expect(mail!.text).toContain(`/notices/${await hiddenItem(e.id)}`);

    expect((await g.sqlAs(host)<{ reason: string }>('select reason from public.hidden_items where target_id = $1', [e.id]))).toEqual([{ reason: 'Sells counterfeit goods.' }]);
    for (const m of [guest, stranger]) expect(await g.sqlAs(m)('select * from public.hidden_items where target_id = $1', [e.id])).toEqual([]);
    const [log] = await g.sqlAs(admin)<{ details: Record<string, unknown> }>(
      `select details from public.moderation_log where target_id = $1 and action = 'content_hidden'`, [e.id]);
    expect(log!.details).toMatchObject({ target_name: 'Night market', target_slug: e.slug, reason: 'Sells counterfeit goods.' });
  });

  it('is unavailable, by name, to members holding an RSVP, and still "not found" to anyone else', async () => {
    const e = await teamEvent('Rooftop film');
    await g.sqlAs(guest)('select public.rsvp($1)', [e.id]);
    const unavailable = async (m: Member) => (await g.sqlAs(m)<{ u: unknown }>('select public.unavailable_event($1) as u', [e.slug]))[0]!.u;
    expect(await unavailable(guest)).toBeNull(); // visible: nothing to explain
    await hide('event', e.id);
    expect(await unavailable(guest)).toMatchObject({ slug: e.slug, title: 'Rooftop film' });
    expect(await unavailable(stranger)).toBeNull();
    expect(await unavailable(host)).toBeNull(); // its hosts still see it
    await expect(g.sqlAs('anon')('select public.unavailable_event($1)', [e.slug])).rejects.toMatchObject({ code: '42501' });
    // Hidden without a reason, the team is told that none was given.
    const [mail] = (await settledMail(g, host, 'content_hidden')).filter((m) => m.subject.includes('Rooftop film'));
    expect(mail!.text).toContain('They gave no reason.');
  });
});

describe('an appeal', () => {
  it('is made once by the team; rejected, the team is told the answer and the event stays hidden', async () => {
    const e = await teamEvent('Street race');
    await hide('event', e.id, 'Unsafe.');
    const item = await hiddenItem(e.id);
    const appeal = (m: Member, message = 'It is on a closed track.') =>
      g.sqlAs(m)<{ id: string }>('select public.appeal_hidden_item($1, $2) as id', [item, message]).then((r) => r[0]!.id);
    expect(await expectAppError(appeal(stranger))).toMatchObject({ code: 'content_not_found', status: 404 });
    expect(await expectAppError(appeal(host, '   '))).toMatchObject({ code: 'invalid_message', status: 400 });
    const id = await appeal(cohost);
    expect(await expectAppError(appeal(host))).toMatchObject({ code: 'already_appealed', status: 409 });
    expect((await g.sqlAs(host)<{ status: string; message: string }>('select status, message from public.appeals where id = $1', [id]))).toEqual([
      { status: 'pending', message: 'It is on a closed track.' },
    ]);
    expect(await g.sqlAs(stranger)('select * from public.appeals')).toEqual([]);

    expect(await expectAppError(g.sqlAs(host)('select public.decide_appeal($1, false)', [id]))).toMatchObject({ code: 'not_admin' });
    await g.sqlAs(admin)(`select public.decide_appeal($1, false, 'No track permit.')`, [id]);
    expect(await expectAppError(g.sqlAs(admin)('select public.decide_appeal($1, true)', [id]))).toMatchObject({ code: 'appeal_decided', status: 409 });
    expect((await noticesOf(host, 'appeal_rejected', e.id)).map((n) => n.payload.response)).toEqual(['No track permit.']);
    const [mail] = await settledMail(g, host, 'appeal_rejected');
    expect(mail!.subject).toBe('Appeal rejected: Street race');
    expect(mail!.text).toContain('> No track permit.');
    expect(await g.sqlAs(stranger)('select 1 from public.events where id = $1', [e.id])).toEqual([]);
  });

  it('accepted, brings the group back and tells its organizers; a restored item cannot be appealed', async () => {
    const grp = await createGroup(g, host, { name: 'Night owls' });
    await join(g, guest, grp.id);
    await hide('group', grp.id, 'Reported as spam.');
    expect((await g.sqlAs(guest)<{ u: unknown }>('select public.unavailable_group($1) as u', [grp.slug]))[0]!.u).toEqual({ slug: grp.slug, name: 'Night owls' });
    expect((await g.sqlAs(stranger)<{ u: unknown }>('select public.unavailable_group($1) as u', [grp.slug]))[0]!.u).toBeNull();
    const item = await hiddenItem(grp.id);
    const [{ id }] = (await g.sqlAs(host)<{ id: string }>('select public.appeal_hidden_item($1, $2) as id', [item, 'We are a real club.'])) as [{ id: string }];
    await g.sqlAs(admin)('select public.decide_appeal($1, true)', [id]);
    expect(await g.sqlAs(stranger)('select name from public.groups where id = $1', [grp.id])).toEqual([{ name: 'Night owls' }]);
    expect((await noticesOf(host, 'appeal_accepted', grp.id)).map((n) => n.payload.group_name)).toEqual(['Night owls']);
    expect(await expectAppError(g.sqlAs(host)('select public.appeal_hidden_item($1, $2)', [item, 'Again']))).toMatchObject({ code: 'not_hidden', status: 409 });
    const [mail] = await settledMail(g, host, 'appeal_accepted');
    expect(mail!.subject).toBe('Appeal accepted: Night owls');
  });
});
