// Changing a series: "this and following" splits it and keeps RSVPs, attendees hear of a new
// time or place, one date can be edited or cancelled alone, the series cancelled from now on;
// and only the event's team may do any of it (RLS and the procedures' own checks). The series'
// dates are next year's (series refuse the past).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries, eventAt, extendHorizons, occurrences, type SeriesSummary } from './support/series.ts';
import { addDays, compact, euSpringChange, nextYear } from './support/test-calendar.ts';

let g: GatherServer;
let host: Member;
let fan: Member;
let stranger: Member;
let Y: number; // next year
beforeAll(async () => {
  g = await startGather();
  host = await g.member('split_host');
  fan = await g.member('split_fan');
  stranger = await g.member('split_stranger');
  Y = await nextYear(g.db);
});
afterAll(() => g.stop());

const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

async function notificationsOf(m: Member, kind: string): Promise<Record<string, unknown>[]> {
  const rows = await g.sqlAs(m)<{ payload: Record<string, unknown> }>(
    'select payload from public.notifications where kind = $1 order by created_at, payload ->> $2', [kind, 'starts_at']);
  return rows.map((r) => r.payload);
}

async function updateFrom(who: Member, eventId: string, changes: Record<string, unknown>): Promise<SeriesSummary> {
  const [row] = await g.sqlAs(who)<{ s: SeriesSummary }>('select public.update_series_from($1, $2) as s', [eventId, changes]);
  return row!.s;
}

describe('this and following', () => {
  it('splits the series at a date, moves it and the later ones an hour and to a new hall, keeping RSVPs', async () => {
    // Tuesdays from four weeks before the spring change (S, the last Sunday of March). Eight weeks
    // of 24 hours from 19:00 CET end at 20:00 CEST: the ninth Tuesday's 19:00 is inside.
    const S = euSpringChange(Y);
    const tuesday = (n: number, time: string) => `${addDays(S, -26 + 7 * n)} ${time}`;
    const first = await eventAt(g, host, tuesday(0, '19:00'));
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=12');
    expect(s.events).toHaveLength(9);
    const [, second, third, fourth] = s.events;
    await rsvp(fan, second!.id);
    await rsvp(fan, third!.id);
    await rsvp(fan, fourth!.id);

    const { starts, ends } = await g.db.query<{ starts: string; ends: string }>(
      `select to_json(starts_at + interval '1 hour')#>>'{}' as starts, to_json(ends_at + interval '1 hour')#>>'{}' as ends
       from public.events where id = $1`, [third!.id]).then((r) => r.rows[0]!);
    const moved = await updateFrom(host, third!.id, { starts_at: starts, ends_at: ends, venue_name: 'New hall' });
    expect(moved.id).not.toBe(s.id);
    expect(moved.updated).toBe(7);
    expect(moved.events.map((e) => e.id)).toEqual(s.events.slice(2).map((e) => e.id));

    const before = await occurrences(g, s.id);
    expect(before.map((d) => [d.local, d.venue_name])).toEqual([[tuesday(0, '19:00'), 'Hall'], [tuesday(1, '19:00'), 'Hall']]);
    const after = await occurrences(g, moved.id);
    expect(after.map((d) => d.local)).toEqual([2, 3, 4, 5, 6, 7, 8].map((n) => tuesday(n, '20:00')));
    expect(new Set(after.map((d) => d.venue_name))).toEqual(new Set(['New hall']));

    const series = await g.sqlAs('anon')<{ id: string; rrule: string; status: string; parent_series_id: string | null }>(
      'select id, rrule, status, parent_series_id from public.event_series where id = any($1) order by created_at', [[s.id, moved.id]]);
    expect(series).toEqual([
      { id: s.id, rrule: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${compact(addDays(S, -12))}T175959Z`, status: 'complete', parent_series_id: null },
      { id: moved.id, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10', status: 'active', parent_series_id: s.id },
    ]);

    // RSVPs stay on the same events; the fan hears of the two changed dates, not the unchanged one.
    const mine = await g.sqlAs(fan)<{ event_id: string; status: string }>('select event_id, status from public.rsvps order by created_at');
    expect(mine).toEqual([second, third, fourth].map((e) => ({ event_id: e!.id, status: 'going' })));
    const told = await notificationsOf(fan, 'event_changed');
    expect(told.map((p) => [p.event_id, p.changed, p.venue_name])).toEqual([
      [third!.id, ['time', 'place'], 'New hall'],
      [fourth!.id, ['time', 'place'], 'New hall'],
    ]);
    expect(await notificationsOf(host, 'event_changed')).toEqual([]);

    // The job carries on with the new time and place for the rest of the new series.
    await extendHorizons(g, `${Y}-06-01T00:00:00Z`);
    const rest = await occurrences(g, moved.id);
    expect(rest).toHaveLength(10);
    expect(rest.slice(7).map((d) => [d.local, d.venue_name])).toEqual([9, 10, 11].map((n) => [tuesday(n, '20:00'), 'New hall']));
    expect(await occurrences(g, s.id)).toHaveLength(2);
  });

  it('changes the whole series from its first date, and refuses moving before the date before', async () => {
    const first = await eventAt(g, host, `${Y}-05-04 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=3');
    const same = await updateFrom(host, first.id, { title: 'Renamed meetup' });
    expect(same.id).toBe(s.id);
    const titles = await g.sqlAs('anon')<{ title: string }>('select title from public.events where series_id = $1', [s.id]);
    expect(titles.map((t) => t.title)).toEqual(['Renamed meetup', 'Renamed meetup', 'Renamed meetup']);

    // Another day is a new rule (series-reshape.test.ts), but never before the date before it.
    const err = await expectAppError(updateFrom(host, s.events[1]!.id, { starts_at: `${Y}-05-03T17:00:00Z` }));
    expect(err).toMatchObject({ code: 'invalid_series_change', status: 400 });
    expect(await expectAppError(updateFrom(host, s.events[1]!.id, { host_id: stranger.id }))).toMatchObject({ code: 'invalid_series_change' });
    expect(await expectAppError(updateFrom(host, s.events[1]!.id, { status: 'cancelled' }))).toMatchObject({ code: 'invalid_series_change' });
    expect(await expectAppError(updateFrom(host, s.events[1]!.id, { ends_at: `${Y}-05-11T10:00:00Z` }))).toMatchObject({ code: 'invalid_dates' });
  });
});

describe('one date at a time', () => {
  it('edits one date as a plain event and cancels one date alone, telling its attendees', async () => {
    const first = await eventAt(g, host, `${Y}-06-01 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=4');
    const [, second, third] = s.events;
    await rsvp(fan, second!.id);
    await rsvp(fan, third!.id);
    await g.sqlAs(host)(`update public.events set venue_name = 'Garden' where id = $1`, [second!.id]);
    await g.sqlAs(host)(`update public.events set status = 'cancelled', cancel_reason = 'Holiday' where id = $1`, [third!.id]);

    const dates = await occurrences(g, s.id);
    expect(dates.map((d) => [d.venue_name, d.status])).toEqual(
      [['Hall', 'published'], ['Garden', 'published'], ['Hall', 'cancelled'], ['Hall', 'published']]);
    const changed = await notificationsOf(fan, 'event_changed');
    expect(changed.filter((p) => p.event_id === second!.id).map((p) => p.changed)).toEqual([['place']]);
    const cancelled = await notificationsOf(fan, 'event_cancelled');
    expect(cancelled.map((p) => [p.event_id, p.reason])).toEqual([[third!.id, 'Holiday']]);
  });

  it('cancels the series from now on: every future date, its attendees told, nothing more made', async () => {
    const first = await eventAt(g, host, `${Y}-07-06 19:00`);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=20');
    await rsvp(fan, s.events[4]!.id);
    const [{ r }] = (await g.sqlAs(host)<{ r: SeriesSummary }>('select public.cancel_series($1, $2) as r', [s.id, 'The venue closed'])) as [{ r: SeriesSummary }];
    expect(r.status).toBe('cancelled');
    expect(new Set(r.events.map((e) => e.status))).toEqual(new Set(['cancelled']));
    const told = await notificationsOf(fan, 'event_cancelled');
    expect(told.filter((p) => p.event_id === s.events[4]!.id).map((p) => p.reason)).toEqual(['The venue closed']);
    await extendHorizons(g, `${Y + 1}-01-01T00:00:00Z`);
    expect(await occurrences(g, s.id)).toHaveLength(8);
  });
});

describe('who may', () => {
  it('only the event team creates, changes or cancels a series', async () => {
    const first = await eventAt(g, host, `${Y}-08-03 19:00`);
    const notHost = { code: 'not_host', message: "Only the event's hosts can do that.", status: 403 };
    expect(await expectAppError(createSeries(g, stranger, first.id, 'FREQ=WEEKLY;COUNT=3'))).toEqual(notHost);
    await expect(g.sqlAs('anon')('select public.create_series($1, $2)', [first.id, 'FREQ=WEEKLY;COUNT=3'])).rejects.toThrow(/permission denied/);

    // A co-host is on the team.
    const cohost = await g.member('split_cohost');
    await g.db.query(`insert into public.event_hosts (event_id, user_id, role) values ($1, $2, 'cohost')`, [first.id, cohost.id]);
    const s = await createSeries(g, cohost, first.id, 'FREQ=WEEKLY;COUNT=3');
    // The team comes along to every date.
    const team = await g.db.query<{ n: number }>(
      `select count(*)::int as n from public.event_hosts h join public.events e on e.id = h.event_id
       where e.series_id = $1 and h.user_id = $2 and h.role = 'cohost'`, [s.id, cohost.id]);
    expect(team.rows[0]!.n).toBe(3);

    expect(await expectAppError(updateFrom(stranger, s.events[1]!.id, { title: 'Mine now' }))).toEqual(notHost);
    expect(await expectAppError(g.sqlAs(stranger)('select public.cancel_series($1)', [s.id]))).toEqual(notHost);
    await expect(g.sqlAs(stranger)(`update public.event_series set rrule = 'FREQ=WEEKLY;COUNT=2' where id = $1`, [s.id]))
      .rejects.toThrow(/permission denied/);
    await expect(g.sqlAs(host)(`insert into public.event_series (host_id, rrule, dtstart, duration, timezone) values ($1, 'x', now(), '1 hour', 'UTC')`, [host.id]))
      .rejects.toThrow(/permission denied/);

    // A client cannot put its own event into someone's series.
    const [own] = await g.sqlAs(stranger)<{ series_id: string | null }>(
      `insert into public.events (host_id, title, starts_at, ends_at, venue_name, lat, lng, series_id, series_position)
       values ($1, 'Sneaky', now() + interval '3 days', now() + interval '3 days 1 hour', 'Hall', 1, 1, $2, 2) returning series_id`, [stranger.id, s.id]);
    expect(own!.series_id).toBeNull();
  });

  it("a private event's series is seen only by those who may see its events", async () => {
    const first = await eventAt(g, host, `${Y}-09-07 19:00`, 'Europe/Paris', { visibility: 'private' });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=3');
    expect(await g.sqlAs('anon')('select id from public.event_series where id = $1', [s.id])).toEqual([]);
    expect(await g.sqlAs(stranger)('select id from public.event_series where id = $1', [s.id])).toEqual([]);
    expect(await g.sqlAs(host)('select id from public.event_series where id = $1', [s.id])).toEqual([{ id: s.id }]);
    expect(await expectAppError(g.sqlAs(stranger)('select public.cancel_series($1)', [s.id]))).toMatchObject({ code: 'series_not_found', status: 404 });
  });
});
