import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { settledMail } from './support/notification-mail.ts';

// Feedback after an event role by role (decisions 0357–0358), through the real server: one
// request per attendee once it ends, one editable answer each, results for the hosts only.

let g: GatherServer;
let host: Member, attendee: Member, second: Member, outsider: Member, banned: Member;
let past = '', upcoming = '';
const as = (m: Member) => g.as(() => signToken(m.claims));
const answer = (m: Member, eventId: string, rating: number, comment?: string) =>
  g.sqlAs(m)('select public.answer_feedback($1, $2, $3)', [eventId, rating, comment ?? null]);

beforeAll(async () => {
  g = await startGather();
  [host, attendee, second, outsider, banned] = (await Promise.all(
    ['host', 'attendee', 'second', 'outsider', 'banned'].map((u) => g.member(u)),
  )) as [Member, Member, Member, Member, Member];
  const group = await createGroup(g, host);
  await join(g, banned, group.id);
  past = (await createEvent(g, host, { title: 'Quiz night', group_id: group.id })).id;
  upcoming = (await createEvent(g, host, { title: 'Next quiz' })).id;
  for (const m of [attendee, second, banned]) await g.sqlAs(m)('select public.rsvp($1, 0, null)', [past]);
  await g.sqlAs(attendee)('select public.rsvp($1, 0, null)', [upcoming]);
  await g.db.query(`update public.group_members set status = 'banned' where group_id = $1 and user_id = $2`, [group.id, banned.id]);
  await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [second.id]);
  await g.db.query(`update public.events set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = $1`, [past]);
});
afterAll(() => g.stop());

describe(`event feedback (${driverName})`, () => {
  it('asks each attendee once after the end: an in-app notification that the email and push machinery pick up', async () => {
    const { data, error } = await g.service().rpc('create_due_feedback_requests');
    expect(error).toBeNull();
    expect(data).toBe(2); // the attendees, not the member banned from the group since
    expect((await g.service().rpc('create_due_feedback_requests')).data).toBe(0);
    const { data: mine } = await as(attendee).from('notifications').select('kind, payload').eq('kind', 'feedback_requested');
    expect(mine).toEqual([{ kind: 'feedback_requested', payload: expect.objectContaining({ event_id: past, title: 'Quiz night' }) }]);
    expect((await as(outsider).from('notifications').select('id').eq('kind', 'feedback_requested')).data).toEqual([]);
    // Emailed by the notification machinery, in each member's language, with a link to the form.
    const [english] = await settledMail(g, attendee, 'feedback_requested');
    expect(english).toMatchObject({ subject: 'How was Quiz night?' });
    expect(english!.text).toMatch(/\/events\/[^\s]+#feedback/);
    const [french] = await settledMail(g, second, 'feedback_requested');
    expect(french!.subject).toBe('C’était comment, Quiz night ?');
    // Members cannot make requests themselves.
    expect((await as(host).rpc('create_due_feedback_requests')).error).not.toBeNull();
  });

  it('an attendee answers once and may change it; the table keeps one row', async () => {
    await answer(attendee, past, 4, '  Great questions  ');
    await answer(attendee, past, 5, 'Great questions, better snacks');
    const { data } = await as(attendee).from('event_feedback').select('rating, comment').eq('event_id', past);
    expect(data).toEqual([{ rating: 5, comment: 'Great questions, better snacks' }]);
  });

  it('refuses outsiders, banned members, anonymous visitors, events not over and bad ratings, each plainly', async () => {
    expect((await expectAppError(answer(outsider, past, 3))).code).toBe('not_attendee');
    expect((await expectAppError(answer(banned, past, 1))).code).toBe('not_attendee');
    expect((await expectAppError(answer(attendee, upcoming, 3))).code).toBe('event_not_over');
    expect(await expectAppError(answer(second, past, 7))).toMatchObject({ code: 'invalid_rating', status: 400 });
    const anon = await g.anon().rpc('answer_feedback', { event_id: past, rating: 3 });
    expect(anon.error).not.toBeNull();
    // Nobody writes the table directly, not even about themselves.
    const direct = await as(second).from('event_feedback').insert({ event_id: past, user_id: second.id, rating: 5 });
    expect(direct.error?.code).toBe('42501');
  });

  it('hosts see the results with the comments; attendees see their own answer only, others nothing', async () => {
    await answer(second, past, 2);
    const { data, error } = await as(host).rpc('event_feedback_results', { event_id: past });
    expect(error).toBeNull();
    expect(data).toEqual({
      count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1],
      comments: [expect.objectContaining({ rating: 5, comment: 'Great questions, better snacks', display_name: 'attendee' })],
    });
    expect((await expectAppError(g.sqlAs(attendee)('select public.event_feedback_results($1)', [past]))).code).toBe('not_host');
    expect((await as(second).from('event_feedback').select('user_id').eq('event_id', past)).data).toEqual([{ user_id: second.id }]);
    expect((await as(outsider).from('event_feedback').select('user_id')).data).toEqual([]);
    expect((await as(host).from('event_feedback').select('user_id').eq('event_id', past)).data).toHaveLength(2);
    expect((await g.anon().from('event_feedback').select('user_id')).error).not.toBeNull();
  });
});
