// Series expansion: RRULEs become real events at the same wall-clock time in the event's zone,
// across both daylight-saving changes; months without the day are skipped; limits are refused
// with the catalogue's words; dates beyond the horizon are made by the scheduled job. The dates are
// next year's (series refuse the past), placed by the calendar's rules (support/test-calendar.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries, eventAt, extendHorizons, occurrences } from './support/series.ts';
import { addDays, compact, euAutumnChange, euSpringChange, FRI, isoDay, MON, nextYear, nthWeekday, THU } from './support/test-calendar.ts';

let g: GatherServer;
let host: Member;
let other: Member; // a member makes at most 10 series a day
let Y: number; // next year
let FAR: string; // past every date here, for the horizon job
beforeAll(async () => {
  g = await startGather();
  host = await g.member('series_host');
  other = await g.member('series_other');
  Y = await nextYear(g.db);
  FAR = `${Y + 1}-06-01T00:00:00Z`;
});
afterAll(() => g.stop());

/** `day` at `time` (HH:MM), as occurrences() gives a local start. */
const at = (day: string, time: string) => `${day} ${time}`;

describe('weekly series in Europe/Paris', () => {
  it('stays at 19:00 across the spring change (UTC moves from 18:00 to 17:00)', async () => {
    // Four Tuesdays, two before the change (the last Sunday of March) and two after.
    const tuesdays = [-12, -5, 2, 9].map((n) => addDays(euSpringChange(Y), n));
    const first = await eventAt(g, host, at(tuesdays[0]!, '19:00'));
    const s = await createSeries(g, host, first.id, 'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    expect(s.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    expect(s.events.map((e) => e.position)).toEqual([1, 2, 3, 4]);
    const dates = await occurrences(g, s.id);
    expect(dates.map((d) => d.local)).toEqual(tuesdays.map((d) => at(d, '19:00')));
    expect(dates.map((d) => d.utc)).toEqual(tuesdays.map((d, i) => `${d}T${i < 2 ? '18' : '17'}:00Z`));
    expect(dates[0]!.id).toBe(first.id);
    // Each date is a real event with its own page, copied from the first.
    const rows = await g.sqlAs('anon')<{ title: string; venue_name: string; status: string; ends: string }>(
      `select title, venue_name, status, to_char(ends_at at time zone timezone, 'HH24:MI') as ends
       from public.events where series_id = $1 order by starts_at`, [s.id]);
    expect(rows).toEqual(Array(4).fill({ title: 'Weekly meetup', venue_name: 'Hall', status: 'published', ends: '21:00' }));
  });

  it('stays at 19:00 across the autumn change (UTC moves from 17:00 to 18:00)', async () => {
    const [a, b, c] = [-12, -5, 2].map((n) => addDays(euAutumnChange(Y), n));
    const first = await eventAt(g, host, at(a!, '19:00'));
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=3');
    expect((await occurrences(g, s.id)).map((d) => [d.local, d.utc])).toEqual([
      [at(a!, '19:00'), `${a}T17:00Z`],
      [at(b!, '19:00'), `${b}T17:00Z`],
      [at(c!, '19:00'), `${c}T18:00Z`],
    ]);
  });

  it('repeats on several weekdays every other week, ending on a date (inclusive)', async () => {
    const monday = nthWeekday(Y, 3, MON, 1)!;
    const first = await eventAt(g, host, at(monday, '18:30'));
    const s = await createSeries(g, host, first.id, `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=${compact(addDays(monday, 28))}`);
    expect((await occurrences(g, s.id)).map((d) => d.local)).toEqual([0, 3, 14, 17, 28].map((n) => at(addDays(monday, n), '18:30')));
  });
});

describe('monthly series', () => {
  it('on the 31st skips the months without one', async () => {
    const first = await eventAt(g, host, `${Y}-01-31 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=5');
    await extendHorizons(g, FAR);
    expect((await occurrences(g, s.id)).map((d) => d.local)).toEqual(
      ['01-31', '03-31', '05-31', '07-31', '08-31'].map((md) => `${Y}-${md} 19:00`));
  });

  it('on the 5th Friday skips the months with four, at 19:00 in summer and winter', async () => {
    // The year's first four 5th Fridays (every year has some in winter and some in summer).
    const fridays = Array.from({ length: 12 }, (_, i) => nthWeekday(Y, i + 1, FRI, 5)).filter((d) => d !== null).slice(0, 4);
    const summer = (d: string) => d > euSpringChange(Y) && d < euAutumnChange(Y);
    expect(new Set(fridays.map(summer))).toEqual(new Set([true, false]));
    const first = await eventAt(g, host, at(fridays[0]!, '19:00'));
    const s = await createSeries(g, host, first.id, 'FREQ=MONTHLY;BYDAY=5FR;COUNT=4');
    await extendHorizons(g, FAR);
    expect((await occurrences(g, s.id)).map((d) => [d.local, d.utc])).toEqual(
      fridays.map((d) => [at(d, '19:00'), `${d}T${summer(d) ? '17' : '18'}:00Z`]));
  });

  it('on the last Thursday, and on the last day of the month', async () => {
    const lastThursdays = [1, 2, 3].map((m) => nthWeekday(Y, m, THU, -1)!);
    const thursday = await eventAt(g, host, at(lastThursdays[0]!, '19:00'));
    const s = await createSeries(g, host, thursday.id, 'FREQ=MONTHLY;BYDAY=-1TH;COUNT=3');
    const lastDay = await eventAt(g, host, `${Y}-01-31 10:00`, 'America/New_York');
    const t = await createSeries(g, host, lastDay.id, 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3');
    await extendHorizons(g, FAR);
    expect((await occurrences(g, s.id)).map((d) => d.local)).toEqual(lastThursdays.map((d) => at(d, '19:00')));
    // February's last day is the 28th or, in a leap year, the 29th; New York is on summer time by 31 March.
    const february = isoDay(Y, 3, 0);
    expect((await occurrences(g, t.id)).map((d) => [d.local, d.utc])).toEqual([
      [`${Y}-01-31 10:00`, `${Y}-01-31T15:00Z`],
      [at(february, '10:00'), `${february}T15:00Z`],
      [`${Y}-03-31 10:00`, `${Y}-03-31T14:00Z`],
    ]);
  });
});

describe('limits', () => {
  it('takes up to 52 dates and refuses more, or more than two years ahead', async () => {
    const first = await eventAt(g, other, `${Y}-01-05 19:00`);
    const s = await createSeries(g, other, first.id, 'FREQ=WEEKLY;COUNT=52');
    expect(s.events).toHaveLength(8); // eight weeks from the first date, for now
    await extendHorizons(g, FAR);
    const all = await occurrences(g, s.id);
    expect(all).toHaveLength(52);
    expect(all.at(-1)!.local).toBe(at(addDays(`${Y}-01-05`, 51 * 7), '19:00'));
    const [done] = await g.db.query<{ status: string }>('select status from public.event_series where id = $1', [s.id]).then((r) => r.rows);
    expect(done!.status).toBe('complete');

    const second = await eventAt(g, other, `${Y}-01-06 19:00`);
    const tooMany = { code: 'series_too_long', message: 'A series can have at most 52 dates, within two years.', status: 400 };
    expect(await expectAppError(createSeries(g, other, second.id, 'FREQ=WEEKLY;COUNT=53'))).toEqual(tooMany);
    expect(await expectAppError(createSeries(g, other, second.id, `FREQ=WEEKLY;UNTIL=${Y + 1}0301`))).toEqual(tooMany);
    // Five dates, the last in January two years on from next year: more than two years from now.
    expect(await expectAppError(createSeries(g, other, second.id, `FREQ=MONTHLY;INTERVAL=6;UNTIL=${Y + 2}0301`))).toEqual(tooMany);
    expect(await occurrences(g, second.id)).toEqual([]);
  });

  it('refuses rules it does not take, and a rule with no second date', async () => {
    const first = await eventAt(g, other, `${Y}-02-02 19:00`);
    for (const rule of ['FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY', `FREQ=WEEKLY;COUNT=3;UNTIL=${Y}0401`, 'FREQ=WEEKLY;BYDAY=1TU;COUNT=3',
      'FREQ=MONTHLY;BYDAY=TU;COUNT=3', 'FREQ=MONTHLY;BYMONTHDAY=32;COUNT=3', 'FREQ=WEEKLY;BYHOUR=3;COUNT=3', 'nonsense', '']) {
      const err = await expectAppError(createSeries(g, other, first.id, rule));
      expect(err.code, rule).toBe('invalid_rrule');
      expect(err.message).toBe('Repeat weekly on chosen days or monthly on a day or weekday, and end on a date or after a number of dates.');
    }
    expect(await expectAppError(createSeries(g, other, first.id, 'FREQ=WEEKLY;COUNT=1'))).toMatchObject({ code: 'series_too_short' });
    expect(await expectAppError(createSeries(g, other, first.id, `FREQ=WEEKLY;UNTIL=${Y}0205`))).toMatchObject({ code: 'series_too_short' });
    await createSeries(g, other, first.id, 'FREQ=WEEKLY;COUNT=2');
    expect(await expectAppError(createSeries(g, other, first.id, 'FREQ=WEEKLY;COUNT=2'))).toMatchObject({ code: 'already_in_series', status: 409 });
  });
});

describe('the horizon job', () => {
  it('makes the dates as the horizon moves, each once, and is scheduled hourly', async () => {
    // From tomorrow, by the database's clock, in UTC: a zone with no clock change, so eight weeks
    // are always eight weekly dates (across a spring change in Paris they are nine), and the hour
    // exists on every date (in Paris 02:30 on the spring change's Sunday does not).
    const { local, now } = await g.db.query<{ local: string; now: string }>(
      `select to_char(date_trunc('hour', (now() + interval '1 day') at time zone 'UTC'), 'YYYY-MM-DD HH24:MI') as local,
              to_json(now())#>>'{}' as now`).then((r) => r.rows[0]!);
    const first = await eventAt(g, other, local, 'UTC');
    const s = await createSeries(g, other, first.id, 'FREQ=WEEKLY;COUNT=20');
    expect(s.events).toHaveLength(8); // the first date plus eight weeks
    const inTenWeeks = new Date(Date.parse(now) + 70 * 864e5).toISOString();
    await extendHorizons(g, inTenWeeks);
    await Promise.all([extendHorizons(g, inTenWeeks), extendHorizons(g, inTenWeeks)]);
    const later = await occurrences(g, s.id);
    // Ten weeks on, the horizon is 18 weeks from now: weeks 0 to 17, each made once.
    expect(later.map((d) => d.n)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(new Set(later.map((d) => d.local.slice(11))).size).toBe(1);
    await extendHorizons(g, FAR);
    expect(await occurrences(g, s.id)).toHaveLength(20);

    const { rows } = await g.db.query<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'gather-extend-series'`);
    expect(rows).toEqual([{ schedule: '11 * * * *', command: 'select public.extend_series_horizons()' }]);
    await expect(g.sqlAs(other)('select public.extend_series_horizons()')).rejects.toThrow(/permission denied/);
  });
});
