// "This and following" to another weekday or rule (decision 0125): the series splits into one with
// the new rule, made dates keep their ids and RSVPs where a new date takes their place (same day,
// else same week or month), the others are cancelled, and each member is told once. The series'
// dates are next year's (series refuse the past), placed by the calendar's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { settledMail } from './support/notification-mail.ts';
import { createSeries, eventAt, extendHorizons, occurrences, type SeriesSummary } from './support/series.ts';
import { addDays, compact, euSpringChange, FRI, longDate, nextYear, nthWeekday, THU, TUE } from './support/test-calendar.ts';

let g: GatherServer;
let host: Member;
let ada: Member;
let bo: Member;
let Y: number; // next year
beforeAll(async () => {
  g = await startGather();
  host = await g.member('reshape_host');
  ada = await g.member('reshape_ada');
  bo = await g.member('reshape_bo');
  Y = await nextYear(g.db);
});
afterAll(() => g.stop());

/** `day` plus `n` days, at `time`: a local start as occurrences() gives it. */
const local = (day: string, n: number, time = '19:00') => `${addDays(day, n)} ${time}`;

const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

async function updateFrom(who: Member, eventId: string, changes: Record<string, unknown>): Promise<SeriesSummary & { cancelled?: number }> {
  const [row] = await g.sqlAs(who)<{ s: SeriesSummary & { cancelled?: number } }>('select public.update_series_from($1, $2) as s', [eventId, changes]);
  return row!.s;
}

/** `local` (YYYY-MM-DD HH:MM in Paris) and two hours later, as timestamptz text. */
async function parisTimes(local: string): Promise<{ starts_at: string; ends_at: string }> {
  const { rows } = await g.db.query<{ starts_at: string; ends_at: string }>(
    `select to_json($1::timestamp at time zone 'Europe/Paris')#>>'{}' as starts_at,
            to_json(($1::timestamp + interval '2 hours') at time zone 'Europe/Paris')#>>'{}' as ends_at`, [local]);
  return rows[0]!;
}

async function noticesOf(m: Member): Promise<{ kind: string; payload: Record<string, unknown> }[]> {
  return g.sqlAs(m)<{ kind: string; payload: Record<string, unknown> }>(
    `select kind, payload from public.notifications where kind in ('event_changed', 'event_cancelled') order by created_at`);
}

describe('this and following on another weekday', () => {
  it('moves Tuesdays to Thursdays from a date on: same ids, same RSVPs, 19:00 across the clock change, told once', async () => {
    // Tuesdays from four weeks before the spring change (S, the last Sunday of March): eight weeks
    // of 24 hours from 19:00 CET end at 20:00 CEST, so the ninth Tuesday is inside the horizon.
    const S = euSpringChange(Y);
    const first = await eventAt(g, host, local(S, -26));
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=10');
    expect(s.events).toHaveLength(9);
    const third = s.events[2]!;
    await rsvp(ada, third.id);
    await rsvp(ada, s.events[4]!.id);
    await rsvp(bo, s.events[1]!.id); // before the change: untouched

    const moved = await updateFrom(host, third.id, await parisTimes(local(S, -10)));
    expect(moved.id).not.toBe(s.id);
    expect(moved.rrule).toBe('FREQ=WEEKLY;BYDAY=TH;COUNT=8');
    expect(moved).toMatchObject({ updated: 7, cancelled: 0 });
    // The made Tuesdays became that week's Thursdays, in order, keeping their ids; the horizon
    // (eight weeks from the new first date) reaches one more, and with it the new count.
    expect(moved.events.map((e) => e.id).slice(0, 7)).toEqual(s.events.slice(2).map((e) => e.id));
    expect(moved.events).toHaveLength(8);
    const after = await occurrences(g, moved.id);
    expect(after.map((d) => d.local)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((w) => local(S, -10 + 7 * w)));
    expect(after.slice(1, 3).map((d) => d.utc)).toEqual([`${addDays(S, -3)}T18:00Z`, `${addDays(S, 4)}T17:00Z`]);
    expect((await occurrences(g, s.id)).map((d) => d.local)).toEqual([local(S, -26), local(S, -19)]);
    const [old] = await g.sqlAs(host)<{ rrule: string; status: string }>('select rrule, status from public.event_series where id = $1', [s.id]);
    expect(old).toEqual({ rrule: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${compact(addDays(S, -12))}T175959Z`, status: 'complete' });

    // RSVPs stay; Ada hears once, of her first moved date, with how many moved.
    const mine = await g.sqlAs(ada)<{ event_id: string; status: string }>('select event_id, status from public.rsvps where user_id = $1 order by created_at', [ada.id]);
    expect(mine).toEqual([{ event_id: third.id, status: 'going' }, { event_id: s.events[4]!.id, status: 'going' }]);
    const told = await noticesOf(ada);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'event_changed', payload: {
      event_id: third.id, changed: ['time'], series_dates: 2, cancelled_dates: 0, timezone: 'Europe/Paris' } });
    expect(Date.parse(String(told[0]!.payload.old_starts_at))).toBe(Date.parse(s.events[2]!.starts_at));
    expect(await noticesOf(bo)).toEqual([]);
    expect(await noticesOf(host)).toEqual([]);
    // One email, saying the new time.
    const mails = await settledMail(g, ada, 'event_changed');
    expect(mails.map((m) => m.subject)).toEqual(['New time: Weekly meetup']);
    expect(mails[0]!.text).toMatch(new RegExp(`When: .*${longDate(addDays(S, -10))}.* 7:00 pm UTC\\+\\d \\(Europe/Paris\\)`));

    // The new part is complete at its count: the job makes nothing more.
    await extendHorizons(g, `${Y}-06-01T00:00:00Z`);
    expect(await occurrences(g, moved.id)).toHaveLength(8);
  });

  it('a new rule: dates with no place in it are cancelled, their attendees told once, RSVPs on kept dates stay', async () => {
    const tue = nthWeekday(Y, 9, TUE, 1)!; // early September: no clock change in these weeks
    const first = await eventAt(g, host, local(tue, 0), 'Europe/Paris', { title: 'Book club' });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=8');
    const [, second, third, fourth] = s.events;
    await rsvp(ada, second!.id);
    await rsvp(ada, third!.id);
    await rsvp(bo, third!.id);
    await rsvp(bo, fourth!.id);

    // From the second date: every other Thursday, four dates, at 20:00.
    const times = await parisTimes(local(tue, 9, '20:00'));
    const moved = await updateFrom(host, second!.id, { ...times, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=4' });
    expect(moved.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=4');
    expect((await occurrences(g, moved.id)).map((d) => [d.local, d.id])).toEqual([
      [local(tue, 9, '20:00'), second!.id], [local(tue, 23, '20:00'), fourth!.id], [local(tue, 37, '20:00'), s.events[5]!.id],
      [local(tue, 51, '20:00'), s.events[7]!.id]]);
    // The weeks the new rule skips lose their date.
    const rest = await occurrences(g, s.id);
    expect(rest.map((d) => [d.local, d.status])).toEqual([[local(tue, 0), 'published'], [local(tue, 14), 'cancelled'],
      [local(tue, 28), 'cancelled'], [local(tue, 42), 'cancelled']]);
    expect(moved.cancelled).toBe(3);

    // Ada (one moved, one cancelled) gets one change notice; Bo (the same) too; nobody a notice per date.
    expect((await noticesOf(ada)).filter((n) => n.payload.title === 'Book club')).toEqual([{ kind: 'event_changed', payload: expect.objectContaining({
      event_id: second!.id, changed: ['time'], series_dates: 1, cancelled_dates: 1 }) }]);
    expect((await noticesOf(bo)).map((n) => [n.kind, n.payload.event_id, n.payload.cancelled_dates])).toEqual([
      ['event_changed', fourth!.id, 1]]);

    // A member whose only dates vanished hears once that they are cancelled.
    const cy = await g.member('reshape_cy');
    const moved2 = await occurrences(g, moved.id);
    const [, , thirdNew, fourthNew] = moved2;
    // thirdNew stays; a rule of one date from the third cancels the fourth, Cy's only date.
    await rsvp(cy, fourthNew!.id);
    const again = await updateFrom(host, thirdNew!.id, { rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=1' });
    expect(again).toMatchObject({ updated: 1, cancelled: 1 });
    expect(await noticesOf(cy)).toEqual([{ kind: 'event_cancelled', payload: expect.objectContaining({ event_id: fourthNew!.id, cancelled_dates: 1 }) }]);
  });

  it('dates on the same day keep their ids untouched and nobody is told', async () => {
    const tue = nthWeekday(Y, 11, TUE, 1)!;
    const first = await eventAt(g, host, local(tue, 0));
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    await rsvp(ada, s.events[2]!.id);
    const before = (await noticesOf(ada)).length;
    const moved = await updateFrom(host, s.events[1]!.id, { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6' });
    const dates = await occurrences(g, moved.id);
    expect(dates.map((d) => d.local)).toEqual([7, 9, 14, 16, 21, 23].map((n) => local(tue, n)));
    expect([dates[0]!.id, dates[2]!.id, dates[4]!.id]).toEqual(s.events.slice(1).map((e) => e.id));
    expect((await noticesOf(ada)).length).toBe(before);
  });
});

describe('the rule moves with its date', () => {
  // rrule_moved only reads its dates (no clock): these stay true whatever day the test runs.
  it('weekday, day of the month, nth and last weekday', async () => {
    const moved = async (rule: string, from: string, to: string) =>
      (await g.db.query<{ r: string }>(`select private.rrule_moved($1, 'Europe/Paris', $2::date, $3::date) as r`, [rule, from, to])).rows[0]!.r;
    expect(await moved('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=5', '2027-03-16', '2027-03-17')).toBe('FREQ=WEEKLY;BYDAY=WE,TH;COUNT=5');
    expect(await moved('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270601', '2027-03-16', '2027-03-19')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20270601');
    expect(await moved('FREQ=WEEKLY;COUNT=5', '2027-03-16', '2027-03-19')).toBe('FREQ=WEEKLY;COUNT=5');
    expect(await moved('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=5', '2027-03-15', '2027-03-20')).toBe('FREQ=MONTHLY;BYMONTHDAY=20;COUNT=5');
    expect(await moved('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=5', '2027-03-31', '2027-03-30')).toBe('FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=5');
    expect(await moved('FREQ=MONTHLY;BYDAY=1TH;COUNT=5', '2027-04-01', '2027-04-02')).toBe('FREQ=MONTHLY;BYDAY=1FR;COUNT=5');
    expect(await moved('FREQ=MONTHLY;BYDAY=-1FR;COUNT=5', '2027-04-30', '2027-04-29')).toBe('FREQ=MONTHLY;BYDAY=-1TH;COUNT=5');
    expect(await moved('FREQ=MONTHLY;BYDAY=-1FR;COUNT=5', '2027-04-30', '2027-04-15')).toBe('FREQ=MONTHLY;BYDAY=3TH;COUNT=5');
  });

  it('a monthly series moved to the first Friday carries on on first Fridays', async () => {
    const first = await eventAt(g, host, local(nthWeekday(Y, 4, THU, 1)!, 0));
    const s = await createSeries(g, host, first.id, 'FREQ=MONTHLY;BYDAY=1TH;COUNT=5');
    // May's first Thursday moves to May's first Friday (the day after, or six days before).
    const moved = await updateFrom(host, s.events[1]!.id, await parisTimes(local(nthWeekday(Y, 5, FRI, 1)!, 0)));
    expect(moved.rrule).toBe('FREQ=MONTHLY;BYDAY=1FR;COUNT=4');
    await extendHorizons(g, `${Y}-09-01T00:00:00Z`);
    expect((await occurrences(g, moved.id)).map((d) => d.local)).toEqual([5, 6, 7, 8].map((m) => local(nthWeekday(Y, m, FRI, 1)!, 0)));
  });
});

describe('refused', () => {
  it('a start in the past, before the date before it, a bad or too long rule, and anyone off the team', async () => {
    const first = await eventAt(g, host, `${Y}-01-04 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=4');
    const second = s.events[1]!.id;
    expect(await expectAppError(updateFrom(host, second, await parisTimes(`${Y}-01-03 19:00`))))
      .toMatchObject({ code: 'invalid_series_change', message: 'The following dates must start after the date before them.' });
    expect(await expectAppError(updateFrom(host, second, await parisTimes('2020-01-03 19:00')))).toMatchObject({ code: 'invalid_series_change' });
    expect(await expectAppError(updateFrom(host, second, { rrule: 'FREQ=DAILY;COUNT=3' }))).toMatchObject({ code: 'invalid_rrule', status: 400 });
    expect(await expectAppError(updateFrom(host, second, { rrule: 7 }))).toMatchObject({ code: 'invalid_rrule' });
    expect(await expectAppError(updateFrom(host, second, { starts_at: null }))).toMatchObject({ code: 'invalid_series_change' });
    expect(await expectAppError(updateFrom(host, second, { rrule: `FREQ=WEEKLY;UNTIL=${Y + 3}1231` }))).toMatchObject({ code: 'series_too_long' });
    expect(await expectAppError(updateFrom(ada, second, { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2' }))).toMatchObject({ code: 'not_host', status: 403 });
    // Nothing was split by the refusals.
    expect((await occurrences(g, s.id)).map((d) => d.id)).toEqual(s.events.map((e) => e.id));
  });
});
