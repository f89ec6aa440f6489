import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup } from './support/group-cast.ts';

// Registration questions role by role (decision 0130): who reads and writes event_questions,
// and who reads rsvp_answers, both in SQL under RLS and through supabase-js over REST.

let g: GatherServer;
let host: Member, cohost: Member, checker: Member, organizer: Member, attendee: Member, other: Member, stranger: Member, admin: Member;
let eventId: string, groupEventId: string, privateId: string;
let q1: string;

const addQuestion = (by: Member | 'anon', eid: string, label = 'Dietary needs?') =>
  g.sqlAs(by)<{ id: string }>(`insert into public.event_questions (event_id, kind, label) values ($1, 'short_text', $2) returning id`, [eid, label]);
const rlsDenied = async (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: '42501' });

beforeAll(async () => {
  g = await startGather();
  const names = ['host', 'cohost', 'checker', 'organizer', 'attendee', 'other', 'stranger', 'admin'];
  [host, cohost, checker, organizer, attendee, other, stranger, admin] = (await Promise.all(
    names.map((u) => g.member(u, { admin: u === 'admin' })),
  )) as [Member, Member, Member, Member, Member, Member, Member, Member];
  eventId = (await createEvent(g, host, { title: 'Questions event' })).id;
  await g.sqlAs(host)(`select public.add_event_host($1, 'cohost', 'cohost')`, [eventId]);
  await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [eventId]);
  const grp = await createGroup(g, organizer);
  groupEventId = (await createEvent(g, organizer, { title: 'Group event', group_id: grp.id })).id;
  privateId = (await createEvent(g, host, { title: 'Private event', visibility: 'private' })).id;
  q1 = (await addQuestion(host, eventId))[0]!.id;
  await addQuestion(host, privateId, 'Secret question');
  for (const m of [attendee, other]) {
    await g.sqlAs(m)('select public.rsvp($1, 0, $2)', [eventId, { [q1]: `answer of ${m.username}` }]);
  }
});
afterAll(() => g.stop());

describe('event_questions', () => {
  it('the team writes: host, co-host, group organizer, admin', async () => {
    for (const by of [host, cohost, admin]) expect(await addQuestion(by, eventId, `From ${by.username}`)).toHaveLength(1);
    expect(await addQuestion(organizer, groupEventId, 'From the organizer')).toHaveLength(1);
    const [q] = await addQuestion(cohost, eventId, 'To edit');
    const updated = await g.sqlAs(cohost)<{ label: string }>(`update public.event_questions set label = 'Edited', required = true where id = $1 returning label`, [q!.id]);
    expect(updated).toEqual([{ label: 'Edited' }]);
    expect(await g.sqlAs(cohost)(`delete from public.event_questions where id = $1 returning id`, [q!.id])).toHaveLength(1);
  });

  it('nobody else writes: checker, attendee, stranger, a host of another event, anon', async () => {
    for (const by of [checker, attendee, stranger, organizer]) {
      await rlsDenied(addQuestion(by, eventId, 'Sneaky'));
      expect(await g.sqlAs(by)(`update public.event_questions set label = 'Hacked' where id = $1 returning id`, [q1])).toEqual([]);
      expect(await g.sqlAs(by)(`delete from public.event_questions where id = $1 returning id`, [q1])).toEqual([]);
    }
    await rlsDenied(addQuestion('anon', eventId, 'Sneaky'));
    const [row] = await g.db.query<{ label: string }>('select label from public.event_questions where id = $1', [q1]).then((r) => r.rows);
    expect(row!.label).toBe('Dietary needs?');
  });

  it('anyone who may see the event reads its questions, nobody else', async () => {
    const { data: anonRows } = await g.anon().from('event_questions').select('label').eq('event_id', eventId).eq('id', q1);
    expect(anonRows).toEqual([{ label: 'Dietary needs?' }]);
    expect(await g.sqlAs('anon')('select label from public.event_questions where event_id = $1', [privateId])).toEqual([]);
    expect(await g.sqlAs(stranger)('select label from public.event_questions where event_id = $1', [privateId])).toEqual([]);
    for (const by of [host, admin]) {
      expect(await g.sqlAs(by)('select label from public.event_questions where event_id = $1', [privateId])).toEqual([{ label: 'Secret question' }]);
    }
  });

  it('the server keeps a question with its event and the columns it owns', async () => {
    await expect(g.sqlAs(host)('update public.event_questions set event_id = $2 where id = $1', [q1, privateId])).rejects.toMatchObject({ code: '42501' });
    expect(await expectAppError(g.sqlAs('service')('update public.event_questions set event_id = $2 where id = $1', [q1, privateId]))).toMatchObject({
      code: 'invalid_question',
    });
    await expect(g.sqlAs(host)('update public.event_questions set created_at = now() where id = $1', [q1])).rejects.toMatchObject({ code: '42501' });
  });
});

describe('rsvp_answers', () => {
  const answersSeen = (by: Member | 'anon') =>
    g.sqlAs(by)<{ value: string }>('select value from public.rsvp_answers where event_id = $1 order by value', [eventId]).then((r) => r.map((x) => x.value));
  const both = ['answer of attendee', 'answer of other'];

  it('each attendee reads their own answers only', async () => {
    expect(await answersSeen(attendee)).toEqual(['answer of attendee']);
    expect(await answersSeen(other)).toEqual(['answer of other']);
  });

  it('the team (host, co-host, checker) and admins read every answer', async () => {
    for (const by of [host, cohost, checker, admin]) expect(await answersSeen(by)).toEqual(both);
  });

  it('strangers, other events\u2019 hosts and anon read none, also over REST', async () => {
    for (const by of [stranger, organizer]) expect(await answersSeen(by)).toEqual([]);
    expect(await answersSeen('anon')).toEqual([]);
    const { data, error } = await g.anon().from('rsvp_answers').select('value');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: mine } = await g.as(() => signToken(attendee.claims)).from('rsvp_answers').select('label, value, kind');
    expect(mine).toEqual([{ label: 'Dietary needs?', value: 'answer of attendee', kind: 'short_text' }]);
  });

  it('nobody writes answers directly, not even the team', async () => {
    for (const by of [attendee, host]) {
      await expect(g.sqlAs(by)(`update public.rsvp_answers set value = '"forged"' where event_id = $1`, [eventId])).rejects.toMatchObject({ code: '42501' });
      await expect(g.sqlAs(by)(`delete from public.rsvp_answers where event_id = $1`, [eventId])).rejects.toMatchObject({ code: '42501' });
    }
    const { error } = await g.as(() => signToken(attendee.claims)).from('rsvp_answers')
      .insert({ event_id: eventId, user_id: attendee.id, position: 1, kind: 'short_text', label: 'x', value: 'y' });
    expect(error).toMatchObject({ code: '42501' });
  });
});
