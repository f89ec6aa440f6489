// Picks say their time as the rest of the app does (issue 33, decisions 0327 and 0406): the
// venue's clock with its UTC offset and the zone's name, in the reader's language — not UTC, not
// the reader's own zone. recommend_events answers each pick's zone; the weekly email uses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { mailTo } from './support/notification-mail.ts';

let g: GatherServer;
let french: Member, english: Member;
// 23:30 UTC on a January Friday is 18:30 in New York (UTC-5).
const STARTS = '2027-01-15T23:30:00.000Z';

beforeAll(async () => {
  g = await startGather();
  const organizer = await g.member('zone_organizer');
  [french, english] = [await g.member('zone_fr'), await g.member('zone_en')];
  const club = await createGroup(g, organizer, { name: 'Brooklyn Boardgamers' });
  for (const m of [french, english]) await join(g, m, club.id);
  await createEvent(g, organizer, {
    title: 'Catan night', group_id: club.id, timezone: 'America/New_York', starts_at: STARTS, ends_at: '2027-01-16T02:00:00.000Z',
    venue_name: 'Park Slope', lat: 40.67, lng: -73.98,
  });
  await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [french.id]);
  for (const m of [french, english]) await g.sqlAs(m)('update public.notification_preferences set weekly_picks = true where user_id = $1', [m.id]);
});
afterAll(() => g.stop());

describe(`picks in the event's zone (${driverName})`, () => {
  it('recommend_events answers each pick with its event\'s zone, after the columns other tools read', async () => {
    const picks = await g.sqlAs(english)<Record<string, unknown>>('select * from public.recommend_events(5)');
    expect(picks).toHaveLength(1);
    expect(Object.keys(picks[0]!)).toEqual(['id', 'slug', 'title', 'starts_at', 'reason', 'signal', 'score', 'timezone']);
    expect(picks[0]).toMatchObject({ title: 'Catan night', timezone: 'America/New_York' });
  });

  it('the weekly email says the venue\'s time with its offset, in French and in English', async () => {
    expect((await g.db.query<{ n: number }>('select private.queue_weekly_picks() as n')).rows[0]!.n).toBe(2);
    const { data, error } = await g.service().functions.invoke('send-weekly-picks', { body: {} });
    expect(error).toBeNull();
    expect(data).toMatchObject({ sent: 2 });

    const [fr] = await mailTo(g, french, 'weekly_picks');
    expect(fr!.text).toContain('vendredi 15 janvier 2027');
    expect(fr!.text).toContain('18:30 UTC-5 (America/New York)');
    expect(fr!.text).not.toContain('23:30');
    const [en] = await mailTo(g, english, 'weekly_picks');
    expect(en!.text).toContain('Friday, 15 January 2027');
    expect(en!.text).toMatch(/6:30\s?pm UTC-5 \(America\/New York\)/);
    expect(en!.text).not.toMatch(/11:30|23:30/);
  });
});
