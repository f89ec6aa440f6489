// Registration questions "this and following" (decision 0126): a series date's questions applied
// to every later date (and the parts split from the series), the same question keeping its id on
// each date so answers stay attached, answers already given staying readable in their words.
// The series' dates are next year's (series refuse the past).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries, eventAt, extendHorizons } from './support/series.ts';
import { addDays, euSpringChange, nextYear } from './support/test-calendar.ts';

let g: GatherServer;
let host: Member;
let fan: Member;
let stranger: Member;
let Y: number; // next year
beforeAll(async () => {
  g = await startGather();
  host = await g.member('qf_host');
  fan = await g.member('qf_fan');
  stranger = await g.member('qf_stranger');
  Y = await nextYear(g.db);
});
afterAll(() => g.stop());

type Row = { id: string; lineage_id: string; position: number; kind: string; label: string; required: boolean; options: string[] | null };
const questionsOf = (eventId: string) => g.sqlAs(host)<Row>(
  'select id, lineage_id, position, kind::text, label, required, options from public.event_questions where event_id = $1 order by position', [eventId]);
const shape = (rows: Row[]) => rows.map((q) => [q.position, q.kind, q.label, q.required]);
const apply = (who: Member, eventId: string) =>
  g.sqlAs(who)<{ r: { dates: number } }>('select public.apply_questions_to_following($1) as r', [eventId]).then((x) => x[0]!.r);

async function addQuestion(eventId: string, kind: string, label: string, required = false, options: string[] | null = null): Promise<string> {
  const [row] = await g.sqlAs(host)<{ id: string }>(
    'insert into public.event_questions (event_id, kind, label, required, options) values ($1, $2, $3, $4, $5) returning id',
    [eventId, kind, label, required, options]);
  return row!.id;
}

describe('apply_questions_to_following', () => {
  it('edits, adds and removes on the later dates only; answers keep their question and words', async () => {
    // Four weeks before the spring change: the horizon's eight weeks of 24 hours reach a ninth date.
    const first = await eventAt(g, host, `${addDays(euSpringChange(Y), -26)} 19:00`);
    await addQuestion(first.id, 'single_choice', 'Diet', true, ['Any', 'Vegetarian']);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=12');
    const [d1, d2, d3, d4] = s.events;
    // Copies are one question across dates.
    const copies = await Promise.all([d1, d2, d3].map((d) => questionsOf(d!.id)));
    expect(new Set(copies.map((q) => q[0]!.lineage_id)).size).toBe(1);
    const fanQ = copies[2]![0]!;
    await g.sqlAs(fan)('select public.rsvp($1, 0, $2)', [d3!.id, { [fanQ.id]: 'Vegetarian' }]);

    // On the second date: the question reworded, a second added; then "this and following".
    const [d2q] = await questionsOf(d2!.id);
    await g.sqlAs(host)(`update public.event_questions set label = 'Dietary needs', options = $2 where id = $1`,
      [d2q!.id, ['Any', 'Vegetarian', 'Vegan']]);
    await addQuestion(d2!.id, 'short_text', 'Name on badge', true);
    expect(await apply(host, d2!.id)).toEqual({ dates: 7 });

    expect(shape(await questionsOf(d1!.id))).toEqual([[1, 'single_choice', 'Diet', true]]);
    for (const d of [d3, d4]) {
      expect(shape(await questionsOf(d!.id))).toEqual([[1, 'single_choice', 'Dietary needs', true], [2, 'short_text', 'Name on badge', true]]);
    }
    const after3 = await questionsOf(d3!.id);
    expect(after3[0]!.id).toBe(fanQ.id); // the same question: the answer still belongs to it
    expect(after3[0]!.options).toEqual(['Any', 'Vegetarian', 'Vegan']);
    const answers = () => g.sqlAs(fan)<{ question_id: string | null; label: string; value: unknown }>(
      'select question_id, label, value from public.rsvp_answers where event_id = $1', [d3!.id]);
    expect(await answers()).toEqual([{ question_id: fanQ.id, label: 'Diet', value: 'Vegetarian' }]);

    // Dates the horizon job makes later ask the new questions too.
    await extendHorizons(g, `${Y}-05-15T00:00:00Z`);
    const [{ id: later }] = await g.db.query<{ id: string }>(
      'select id from public.events where series_id = $1 order by series_position desc limit 1', [s.id]).then((r) => r.rows) as [{ id: string }];
    expect(shape(await questionsOf(later))).toEqual([[1, 'single_choice', 'Dietary needs', true], [2, 'short_text', 'Name on badge', true]]);

    // Removing on the second date removes it from the later ones; the answer stays readable.
    await g.sqlAs(host)('delete from public.event_questions where id = $1', [d2q!.id]);
    await apply(host, d2!.id);
    expect(shape(await questionsOf(d3!.id))).toEqual([[2, 'short_text', 'Name on badge', true]]);
    expect(await answers()).toEqual([{ question_id: null, label: 'Diet', value: 'Vegetarian' }]);
  });

  it('reaches the part split from the series, and not cancelled or earlier dates', async () => {
    const first = await eventAt(g, host, `${Y}-06-01 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=5');
    const [d1, d2, d3, d4, d5] = s.events;
    await g.sqlAs(host)('select public.update_series_from($1, $2)', [d4!.id, { title: 'Later part' }]);
    await g.sqlAs(host)(`update public.events set status = 'cancelled' where id = $1`, [d3!.id]);
    await addQuestion(d2!.id, 'checkbox', 'I accept the terms', true);
    expect(await apply(host, d2!.id)).toEqual({ dates: 2 });
    expect(shape(await questionsOf(d1!.id))).toEqual([]);
    expect(shape(await questionsOf(d3!.id))).toEqual([]);
    for (const d of [d4, d5]) expect(shape(await questionsOf(d!.id))).toEqual([[1, 'checkbox', 'I accept the terms', true]]);
  });

  it('only the team, only a series date; a member cannot choose a lineage', async () => {
    const first = await eventAt(g, host, `${Y}-08-03 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=3');
    expect(await expectAppError(apply(stranger, s.events[0]!.id))).toMatchObject({ code: 'not_host', status: 403 });
    await expect(g.sqlAs('anon')('select public.apply_questions_to_following($1)', [s.events[0]!.id])).rejects.toThrow(/permission denied/);
    const single = await createEvent(g, host);
    expect(await expectAppError(apply(host, single.id))).toMatchObject({ code: 'not_in_series', status: 409 });
    const own = await addQuestion(s.events[0]!.id, 'short_text', 'Company');
    await expect(g.sqlAs(host)(
      `insert into public.event_questions (event_id, kind, label, lineage_id) values ($1, 'short_text', 'Copy', $2)`, [s.events[1]!.id, own]))
      .rejects.toThrow(/permission denied/);
    await expect(g.sqlAs(host)('update public.event_questions set lineage_id = id where id = $1', [own])).rejects.toThrow(/permission denied/);
  });
});
