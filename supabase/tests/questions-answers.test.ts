import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// rsvp(event_id, guests, answers), save_rsvp_answers and the questions' rules (decision 0130):
// validation in the catalogue's words, editing until the start, old answers kept readable.

let g: GatherServer;
let host: Member, ana: Member, ben: Member, checker: Member;

type Q = { kind: string; label: string; required?: boolean; options?: string[] };
async function withQuestions(qs: Q[], fields: Record<string, unknown> = {}): Promise<{ id: string; q: string[] }> {
  const e = await createEvent(g, host, fields);
  const q: string[] = [];
  for (const x of qs) {
    const [row] = await g.sqlAs(host)<{ id: string }>(
      'insert into public.event_questions (event_id, kind, label, required, options) values ($1, $2, $3, $4, $5) returning id',
      [e.id, x.kind, x.label, x.required ?? false, x.options ?? null]);
    q.push(row!.id);
  }
  return { id: e.id, q };
}
const rsvp = (m: Member, eventId: string, answers: unknown, guests = 0) =>
  g.sqlAs(m)<{ r: { status: string } }>('select public.rsvp($1, $2, $3) as r', [eventId, guests, answers]).then((x) => x[0]!.r);
const save = (m: Member, eventId: string, answers: unknown) =>
  g.sqlAs(m)<{ r: Record<string, unknown> }>('select public.save_rsvp_answers($1, $2) as r', [eventId, answers]).then((x) => x[0]!.r);
const stored = (m: Member, eventId: string) =>
  g.sqlAs(m)<{ label: string; kind: string; value: unknown; question_id: string | null }>(
    'select label, kind, value, question_id from public.rsvp_answers where event_id = $1 and user_id = $2 order by position', [eventId, m.id]);

beforeAll(async () => {
  g = await startGather();
  [host, ana, ben, checker] = (await Promise.all(['host', 'ana', 'ben', 'checker'].map((u) => g.member(u)))) as [Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('rsvp with answers', () => {
  it('keeps the old calls working over REST, and takes answers as a third argument', async () => {
    const plain = await createEvent(g, host, { plus_ones_max: 2 });
    const client = g.as(() => signToken(ana.claims));
    expect((await client.rpc('rsvp', { event_id: plain.id })).data).toMatchObject({ status: 'going', guests: 0 });
    expect((await client.rpc('rsvp', { event_id: plain.id, guests: 2 })).data).toMatchObject({ status: 'going', guests: 2 });
    const e = await withQuestions([{ kind: 'short_text', label: 'Name on badge', required: true }]);
    const { data, error } = await client.rpc('rsvp', { event_id: e.id, guests: 0, answers: { [e.q[0]!]: '  Ana  ' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'going' });
    expect(await stored(ana, e.id)).toEqual([{ label: 'Name on badge', kind: 'short_text', value: 'Ana', question_id: e.q[0] }]);
  });

  it('refuses a missing required answer with answer_required, naming the question, and makes no RSVP', async () => {
    const e = await withQuestions([{ kind: 'short_text', label: 'Company' }, { kind: 'checkbox', label: 'I accept the terms', required: true }]);
    for (const answers of [null, {}, { [e.q[1]!]: false }, { [e.q[0]!]: 'Acme', [e.q[1]!]: null }]) {
      expect(await expectAppError(rsvp(ben, e.id, answers))).toEqual({ code: 'answer_required', message: 'Answer "I accept the terms".', status: 422 });
    }
    const { error } = await g.as(() => signToken(ben.claims)).rpc('rsvp', { event_id: e.id });
    expect(error).toMatchObject({ code: 'answer_required', details: e.q[1] });
    expect(await g.sqlAs(ben)('select status from public.rsvps where event_id = $1', [e.id])).toEqual([]);
    expect(await rsvp(ben, e.id, { [e.q[1]!]: true, 'not-a-question': 'ignored' })).toMatchObject({ status: 'going' });
    expect(await stored(ben, e.id)).toEqual([{ label: 'I accept the terms', kind: 'checkbox', value: true, question_id: e.q[1] }]);
  });

  it('refuses an option not offered, a malformed number or phone, too long a text with answer_invalid', async () => {
    const e = await withQuestions([
      { kind: 'single_choice', label: 'Size', options: ['S', 'M', 'L'] },
      { kind: 'multiple_choice', label: 'Days', options: ['Sat', 'Sun'] },
      { kind: 'number', label: 'Age' },
      { kind: 'phone', label: 'Phone' },
      { kind: 'short_text', label: 'Nickname' },
      { kind: 'long_text', label: 'About you' },
    ]);
    const [size, days, age, phone, nick, about] = e.q as [string, string, string, string, string, string];
    const cases: [string, unknown, string][] = [
      [size, 'XL', 'Choose from the options offered for "Size".'],
      [size, ['S'], 'Choose from the options offered for "Size".'],
      [days, ['Sat', 'Mon'], 'Choose from the options offered for "Days".'],
      [days, [1], 'Choose from the options offered for "Days".'],
      [age, 'twelve', 'Enter a number for "Age".'],
      [age, '1e400', 'Enter a number for "Age".'],
      [age, true, 'Enter a number for "Age".'],
      [phone, 'call me', 'Enter a phone number for "Phone", with 6 to 15 digits.'],
      [phone, '12345', 'Enter a phone number for "Phone", with 6 to 15 digits.'],
      [phone, 4155550100, 'Enter a phone number for "Phone", with 6 to 15 digits.'],
      [nick, 'x'.repeat(201), 'The answer to "Nickname" can be at most 200 characters long.'],
      [nick, { a: 1 }, 'The answer to "Nickname" is not valid.'],
      [about, 'x'.repeat(2001), 'The answer to "About you" can be at most 2000 characters long.'],
    ];
    for (const [id, value, message] of cases) {
      expect(await expectAppError(rsvp(ana, e.id, { [id]: value })), JSON.stringify(value)).toEqual({ code: 'answer_invalid', message, status: 422 });
    }
    expect(await expectAppError(rsvp(ana, e.id, JSON.stringify(['not', 'an', 'object'])))).toMatchObject({ code: 'answer_invalid' });
    await rsvp(ana, e.id, { [size]: 'M', [days]: ['Sun', 'Sat', 'Sun'], [age]: '12,5', [phone]: ' +351  912 345 678 ', [nick]: '', [about]: 'x'.repeat(2000) });
    expect((await stored(ana, e.id)).map((a) => [a.label, a.value])).toEqual([
      ['Size', 'M'], ['Days', ['Sat', 'Sun']], ['Age', 12.5], ['Phone', '+351 912 345 678'], ['About you', 'x'.repeat(2000)],
    ]);
  });
});

describe('editing answers', () => {
  it('rsvp() again replaces them; without answers it keeps them', async () => {
    const e = await withQuestions([{ kind: 'short_text', label: 'Team', required: true }, { kind: 'number', label: 'Laptops' }], { plus_ones_max: 1 });
    await rsvp(ana, e.id, { [e.q[0]!]: 'Red', [e.q[1]!]: 2 });
    await rsvp(ana, e.id, { [e.q[0]!]: 'Blue' }, 1);
    expect((await stored(ana, e.id)).map((a) => a.value)).toEqual(['Blue']);
    await g.sqlAs(ana)('select public.rsvp($1, 0)', [e.id]);
    expect((await stored(ana, e.id)).map((a) => a.value)).toEqual(['Blue']);
    expect(await expectAppError(rsvp(ana, e.id, { [e.q[0]!]: ' ' }))).toMatchObject({ code: 'answer_required' });
  });

  it('save_rsvp_answers works after RSVPs close and until the event starts, for people with an RSVP', async () => {
    const e = await withQuestions([{ kind: 'single_choice', label: 'Meal', options: ['Fish', 'Veggie'], required: true }]);
    await rsvp(ben, e.id, { [e.q[0]!]: 'Fish' });
    await g.db.query(`update public.events set rsvp_closes_at = now() - interval '1 minute' where id = $1`, [e.id]);
    expect(await expectAppError(rsvp(ben, e.id, { [e.q[0]!]: 'Veggie' }))).toMatchObject({ code: 'rsvp_closed' });
    expect(await save(ben, e.id, { [e.q[0]!]: 'Veggie' })).toEqual({ [e.q[0]!]: 'Veggie' });
    expect(await expectAppError(save(ben, e.id, {}))).toMatchObject({ code: 'answer_required' });
    expect(await expectAppError(save(ana, e.id, { [e.q[0]!]: 'Fish' }))).toEqual({ code: 'rsvp_not_found', message: 'You have no RSVP for this event.', status: 404 });
    await g.db.query(`update public.events set starts_at = now() - interval '1 minute' where id = $1`, [e.id]);
    expect(await expectAppError(save(ben, e.id, { [e.q[0]!]: 'Fish' }))).toEqual({
      code: 'answers_closed', message: 'Answers can no longer be changed: the event has started.', status: 409 });
    expect((await stored(ben, e.id)).map((a) => a.value)).toEqual(['Veggie']);
  });
});

describe('questions changed after people answered', () => {
  it('keeps the old answers readable, with the label and kind they were given under', async () => {
    await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [(await createEvent(g, host)).id]);
    const e = await withQuestions([{ kind: 'single_choice', label: 'T-shirt size', options: ['S', 'M'] }, { kind: 'short_text', label: 'Allergies' }]);
    await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [e.id]);
    await rsvp(ana, e.id, { [e.q[0]!]: 'S', [e.q[1]!]: 'Nuts' });
    await g.sqlAs(host)(`update public.event_questions set label = 'Shirt size', kind = 'short_text', options = null where id = $1`, [e.q[0]]);
    await g.sqlAs(host)('delete from public.event_questions where id = $1', [e.q[1]]);
    const old = [
      { label: 'T-shirt size', kind: 'single_choice', value: 'S', question_id: e.q[0] },
      { label: 'Allergies', kind: 'short_text', value: 'Nuts', question_id: null },
    ];
    expect(await stored(ana, e.id)).toEqual(old);
    const asChecker = await g.sqlAs(checker)('select label, kind, value, question_id from public.rsvp_answers where event_id = $1 order by position', [e.id]);
    expect(asChecker).toEqual(old);
    // Answering again takes the question as it is now; the removed one's answer stays.
    await save(ana, e.id, { [e.q[0]!]: 'Medium' });
    expect(await stored(ana, e.id)).toEqual([{ ...old[0], label: 'Shirt size', kind: 'short_text', value: 'Medium' }, old[1]]);
  });
});

describe('the questions themselves', () => {
  it('at most 10 per event; choices need 2 to 20 different options; others none', async () => {
    const e = await withQuestions(Array.from({ length: 10 }, (_, i) => ({ kind: 'short_text', label: `Q${i + 1}` })));
    const add = (q: Q) => g.sqlAs(host)('insert into public.event_questions (event_id, kind, label, options) values ($1, $2, $3, $4)', [e.id, q.kind, q.label, q.options ?? null]);
    expect(await expectAppError(add({ kind: 'number', label: 'Eleventh' }))).toEqual({ code: 'too_many_questions', message: 'An event can have at most 10 questions.', status: 409 });
    const other = await createEvent(g, host);
    const addTo = (q: Q) => g.sqlAs(host)<{ options: string[] | null; label: string }>(
      'insert into public.event_questions (event_id, kind, label, options) values ($1, $2, $3, $4) returning label, options', [other.id, q.kind, q.label, q.options ?? null]);
    const choice = 'A choice question needs 2 to 20 different options of at most 100 characters.';
    expect(await expectAppError(addTo({ kind: 'single_choice', label: 'One', options: ['Only', ' '] }))).toEqual({ code: 'invalid_question', message: choice, status: 400 });
    expect(await expectAppError(addTo({ kind: 'multiple_choice', label: 'Dupes', options: ['A', 'A '] }))).toMatchObject({ message: choice });
    expect(await expectAppError(addTo({ kind: 'phone', label: 'Phone', options: ['A', 'B'] }))).toMatchObject({ message: 'Only choice questions have options.' });
    expect(await expectAppError(addTo({ kind: 'phone', label: '  ' }))).toMatchObject({ message: 'A question must be 1 to 200 characters long.' });
    expect(await addTo({ kind: 'single_choice', label: ' Pick ', options: [' A ', '', 'B'] })).toEqual([{ label: 'Pick', options: ['A', 'B'] }]);
  });

  it("a series' new dates ask the same questions, each date its own", async () => {
    const e = await withQuestions([{ kind: 'single_choice', label: 'Level', options: ['New', 'Regular'], required: true }, { kind: 'phone', label: 'Phone' }]);
    await g.sqlAs(host)('select public.create_series($1, $2)', [e.id, 'FREQ=WEEKLY;COUNT=3']);
    const dates = await g.sqlAs(host)<{ id: string }>('select id from public.events where series_id = (select series_id from public.events where id = $1) order by starts_at', [e.id]);
    expect(dates).toHaveLength(3);
    for (const d of dates.slice(1)) {
      const qs = await g.sqlAs('anon')<{ label: string; kind: string; required: boolean; options: string[] | null }>(
        'select label, kind, required, options from public.event_questions where event_id = $1 order by position', [d.id]);
      expect(qs).toEqual([{ label: 'Level', kind: 'single_choice', required: true, options: ['New', 'Regular'] }, { label: 'Phone', kind: 'phone', required: false, options: null }]);
      expect(await expectAppError(rsvp(ben, d.id, { [e.q[0]!]: 'New' }))).toMatchObject({ code: 'answer_required' });
    }
  });

  it('are reordered by the team in one call', async () => {
    const e = await withQuestions([{ kind: 'short_text', label: 'One' }, { kind: 'short_text', label: 'Two' }, { kind: 'short_text', label: 'Three' }]);
    const [a, b, c] = e.q as [string, string, string];
    const rows = await g.sqlAs(host)<{ label: string; position: number }>('select label, position from public.reorder_event_questions($1, $2)', [e.id, [c, a, b]]);
    expect(rows).toEqual([{ label: 'Three', position: 1 }, { label: 'One', position: 2 }, { label: 'Two', position: 3 }]);
    const bad = 'List each of the event\'s questions once.';
    for (const ids of [[a, b], [a, b, b], [a, b, c, c], [a, b, (await createEvent(g, host)).id]]) {
      expect(await expectAppError(g.sqlAs(host)('select public.reorder_event_questions($1, $2)', [e.id, ids]))).toEqual({ code: 'invalid_question_order', message: bad, status: 400 });
    }
    await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [e.id]);
    expect(await expectAppError(g.sqlAs(checker)('select public.reorder_event_questions($1, $2)', [e.id, [a, b, c]]))).toMatchObject({ code: 'not_host', status: 403 });
    const { data, error } = await g.as(() => signToken(host.claims)).rpc('reorder_event_questions', { event_id: e.id, question_ids: [a, b, c] });
    expect(error).toBeNull();
    expect((data as { label: string }[]).map((r) => r.label)).toEqual(['One', 'Two', 'Three']);
  });
});
