import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { addDays, compact, euAutumnChange, euSpringChange, nextYear } from './support/test-calendar.ts';

// The calendar-feed function (decision 0131) over HTTP, every feed parsed with ical.js using
// only the VTIMEZONEs the feed itself carries.

let g: GatherServer;
let organizer: Member, member: Member, outsider: Member, filler: Member;
let grp: { id: string; slug: string };
let Y: number; // next year: its dates stay in the feeds, which keep what ended up to 30 days ago

interface Parsed { uid: string; summary: string; start: string; end: string; tzid: string; sequence: number; status: string; url: string; location: string | null; geo: unknown; lastModified: string | null }

function parse(text: string): { events: Parsed[]; zones: string[]; name: string } {
  ICAL.TimezoneService.reset();
  const cal = new ICAL.Component(ICAL.parse(text));
  const zones = cal.getAllSubcomponents('vtimezone');
  for (const z of zones) ICAL.TimezoneService.register(z);
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid, summary: e.summary, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(),
      tzid: v.getFirstProperty('dtstart')!.getParameter('tzid') as string, sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status')), url: String(v.getFirstPropertyValue('url')),
      location: (v.getFirstPropertyValue('location') as string | null) ?? null, geo: v.getFirstPropertyValue('geo'),
      lastModified: v.getFirstPropertyValue('last-modified')?.toString() ?? null,
    };
  });
  return { events, zones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))), name: String(cal.getFirstPropertyValue('x-wr-calname')) };
}

async function feed(query: string, headers: Record<string, string> = {}) {
  const res = await g.fetch(`/functions/v1/calendar-feed?${query}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();
const summaries = (text: string) => parse(text).events.map((e) => e.summary).sort();
const token = async (m: Member, fn = 'my_calendar_token') => (await g.sqlAs(m)<{ t: string }>(`select public.${fn}() as t`))[0]!.t;

beforeAll(async () => {
  g = await startGather();
  [organizer, member, outsider, filler] = (await Promise.all(['organizer', 'member', 'outsider', 'filler'].map((u) => g.member(u)))) as [Member, Member, Member, Member];
  grp = await createGroup(g, organizer, { name: 'Lisbon Makers' });
  await join(g, member, grp.id);
  Y = await nextYear(g.db);
});
afterAll(() => g.stop());

describe('a group feed', () => {
  it("lists the group's public events, as anon may see them, with everything a calendar needs", async () => {
    const pub = await createEvent(g, organizer, { title: 'Makers night', group_id: grp.id, venue_name: 'Hall', address: 'Rua 1, Lisbon' });
    await createEvent(g, organizer, { title: 'Members only night', group_id: grp.id, visibility: 'members' });
    await createEvent(g, organizer, { title: 'Unlisted night', group_id: grp.id, visibility: 'unlisted' });
    await createEvent(g, organizer, { title: 'Draft night', group_id: grp.id, status: 'draft' });
    await createEvent(g, organizer, { title: 'Not the group' });
    // A token sent along changes nothing: group feeds are read as anon.
    const res = await feed(`group=${grp.slug}`, { authorization: `Bearer ${g.keys.serviceRoleKey}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const cal = parse(res.text);
    expect(cal.name).toBe('Lisbon Makers · Gather');
    expect(cal.events.map((e) => e.summary)).toEqual(['Makers night']);
    const [row] = (await g.db.query<{ starts_at: Date; ends_at: Date; updated_at: Date }>('select starts_at, ends_at, updated_at from public.events where id = $1', [pub.id])).rows;
    expect(cal.events[0]).toMatchObject({
      uid: `${pub.id}@gather`, tzid: 'Europe/Lisbon', start: toSecond(row!.starts_at), end: toSecond(row!.ends_at),
      sequence: 0, status: 'CONFIRMED', location: 'Hall, Rua 1, Lisbon', geo: [38.7, -9.1],
    });
    expect(cal.events[0]!.url).toMatch(new RegExp(`/events/${pub.slug}$`));
    expect(cal.zones).toEqual(['Europe/Lisbon']);
    expect(res.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(res.text).toMatch(/\r\nLAST-MODIFIED:\d{8}T\d{6}Z\r\n/);
  });

  it('answers 404 for an unknown group and 400 for malformed input, in the functions\u2019 shape', async () => {
    const missing = await feed('group=no-such-group');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ error: 'not_found' });
    for (const q of ['group=Bad%20Slug', 'token=xyz', 'format=pdf', 'category=nope', 'near=100,0', 'near=1,2&km=-3', 'group=a&token=b']) {
      const bad = await feed(q);
      expect(bad.status, q).toBe(400);
      expect(JSON.parse(bad.text), q).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('keeps 19:00 at 19:00 across both daylight-saving changes, one VTIMEZONE per zone', async () => {
    const dst = await createGroup(g, organizer, { name: 'DST club' });
    // The Saturdays before and after each of Paris's changes (the last Sundays of March and
    // October), and New York's 19:00 (on summer time since the second Sunday of March) that day.
    const [springBefore, springAfter] = [-8, 6].map((n) => addDays(euSpringChange(Y), n));
    const [autumnBefore, autumnAfter] = [-8, 6].map((n) => addDays(euAutumnChange(Y), n));
    const at = [[`${springBefore}T18:00:00Z`, 'Europe/Paris'], [`${springAfter}T17:00:00Z`, 'Europe/Paris'], [`${autumnBefore}T17:00:00Z`, 'Europe/Paris'],
      [`${autumnAfter}T18:00:00Z`, 'Europe/Paris'], [`${springBefore}T23:00:00Z`, 'America/New_York']] as const;
    for (const [i, [start, zone]] of at.entries()) {
      const end = new Date(Date.parse(start) + 2 * 36e5).toISOString();
      await createEvent(g, organizer, { title: `Club ${i}`, group_id: dst.id, starts_at: start, ends_at: end, timezone: zone });
    }
    const res = await feed(`group=${dst.slug}`);
    const cal = parse(res.text);
    expect(cal.zones).toEqual(['America/New_York', 'Europe/Paris']);
    expect(cal.events.map((e) => [e.summary, e.start])).toEqual([
      ['Club 0', `${springBefore}T18:00:00.000Z`], ['Club 4', `${springBefore}T23:00:00.000Z`], ['Club 1', `${springAfter}T17:00:00.000Z`],
      ['Club 2', `${autumnBefore}T17:00:00.000Z`], ['Club 3', `${autumnAfter}T18:00:00.000Z`],
    ]);
    for (const local of [springBefore, springAfter, autumnBefore, autumnAfter].map((d) => `${compact(d!)}T190000`)) {
      expect(res.text).toContain(`DTSTART;TZID=Europe/Paris:${local}`);
    }
  });

  it('bumps SEQUENCE on every change a calendar shows, keeps cancelled events 30 days, and answers 304', async () => {
    const club = await createGroup(g, organizer, { name: 'Change club' });
    const e = await createEvent(g, organizer, { title: 'Moving target', group_id: club.id });
    const first = await feed(`group=${club.slug}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await feed(`group=${club.slug}`, { 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    await g.sqlAs(organizer)(`update public.events set title = 'Moved target', starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' where id = $1`, [e.id]);
    await g.sqlAs(organizer)('update public.events set capacity = 50 where id = $1', [e.id]);
    const moved = await feed(`group=${club.slug}`, { 'if-none-match': etag });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(etag);
    expect(parse(moved.text).events[0]).toMatchObject({ summary: 'Moved target', sequence: 1 });
    await g.sqlAs(organizer)(`update public.events set status = 'cancelled', cancel_reason = 'Rain' where id = $1`, [e.id]);
    expect(parse((await feed(`group=${club.slug}`)).text).events[0]).toMatchObject({ summary: 'Cancelled: Moved target', status: 'CANCELLED', sequence: 2 });
    // Cancelled 31 days ago (the server may date it; clients may not): out of the feed.
    const old = await createEvent(g, organizer, { title: 'Long cancelled', group_id: club.id });
    await g.db.query(`update public.events set status = 'cancelled', cancelled_at = now() - interval '31 days' where id = $1`, [old.id]);
    expect(summaries((await feed(`group=${club.slug}`)).text)).toEqual(['Cancelled: Moved target']);
  });
});

describe('my calendar (personal token)', () => {
  it('lists what I go to, wait for (tentative), host, and my groups\u2019 events I may see; nothing else', async () => {
    const t = await token(member);
    expect(t).toMatch(/^[0-9a-f]{64}$/);
    expect(await token(member)).toBe(t);
    await expect(g.sqlAs('anon')('select public.my_calendar_token()')).rejects.toMatchObject({ code: '42501' });
    const going = await createEvent(g, outsider, { title: 'Going there' });
    const full = await createEvent(g, outsider, { title: 'Full house', capacity: 1 });
    await g.sqlAs(filler)('select public.rsvp($1)', [full.id]);
    const secret = await createEvent(g, outsider, { title: 'Secret party', visibility: 'private' });
    await createEvent(g, outsider, { title: 'Not mine' });
    await createEvent(g, member, { title: 'My own meetup' });
    const club = await createGroup(g, organizer, { name: 'Members club' });
    await join(g, member, club.id);
    await createEvent(g, organizer, { title: 'Club members night', group_id: club.id, visibility: 'members' });
    for (const e of [going, full]) await g.sqlAs(member)('select public.rsvp($1)', [e.id]);
    const res = await feed(`token=${t}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const cal = parse(res.text);
    const byTitle = Object.fromEntries(cal.events.map((e) => [e.summary, e.status]));
    expect(byTitle).toMatchObject({ 'Going there': 'CONFIRMED', 'Full house': 'TENTATIVE', 'My own meetup': 'CONFIRMED', 'Club members night': 'CONFIRMED' });
    expect(Object.keys(byTitle)).not.toContain('Secret party');
    expect(Object.keys(byTitle)).not.toContain('Not mine');
    expect(secret.id).toBeTruthy();
    // Leaving the group takes its members-only event out of my feed: I could no longer see it.
    await g.sqlAs(member)('select public.leave_group($1)', [club.id]);
    expect(summaries((await feed(`token=${t}`)).text)).not.toContain('Club members night');
  });

  it('stops working at once when regenerated', async () => {
    const old = await token(outsider);
    const fresh = await token(outsider, 'regenerate_calendar_token');
    expect(fresh).not.toBe(old);
    const gone = await feed(`token=${old}`);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toMatchObject({ error: 'not_found' });
    expect((await feed(`token=${fresh}`)).status).toBe(200);
    expect(await token(outsider)).toBe(fresh);
  });
});

describe('a search feed and RSS', () => {
  it("is Discover's search as anon: public matches only, filters applied", async () => {
    await createEvent(g, filler, { title: 'Quokkafest in Lisbon', category: 'food' });
    await createEvent(g, filler, { title: 'Quokkafest online', category: 'tech', is_online: true, venue_name: null, lat: null, lng: null });
    await createEvent(g, filler, { title: 'Quokkafest in Porto', category: 'food', lat: 41.15, lng: -8.61 });
    await createEvent(g, filler, { title: 'Quokkafest private', visibility: 'private' });
    await createEvent(g, organizer, { title: 'Quokkafest members', group_id: grp.id, visibility: 'members' });
    expect(summaries((await feed('q=quokkafest')).text)).toEqual(['Quokkafest in Lisbon', 'Quokkafest in Porto', 'Quokkafest online']);
    expect(summaries((await feed('q=quokkafest&category=food&near=38.72,-9.14&km=50')).text)).toEqual(['Quokkafest in Lisbon']);
    expect(summaries((await feed('q=quokkafest&online=1')).text)).toEqual(['Quokkafest online']);
    const rss = await feed('q=quokkafest&format=rss');
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect([...rss.text.matchAll(/<item>\n<title>([^<]+)<\/title>/g)].map((m) => m[1]).sort()).toEqual(['Quokkafest in Lisbon', 'Quokkafest in Porto', 'Quokkafest online']);
    const groupRss = await feed(`group=${grp.slug}&format=rss`);
    expect(groupRss.text).toContain('<title>Makers night</title>');
    expect(groupRss.text).not.toContain('Members only night');
    // The channel links the group's page (its words per language: calendar-feed-locales.test.ts).
    expect(groupRss.text).toMatch(new RegExp(`<link>[^<]+/g/${grp.slug}</link>`));
  });

  it('holds at most 500 events', async () => {
    // 501 rows at once, without the per-row triggers (slugs given): the limit is the point here.
    await g.db.exec(`set session_replication_role = replica;
      insert into public.events (host_id, slug, title, starts_at, ends_at, timezone, venue_name, lat, lng, status, published_at)
      select '${filler.id}', 'wombatmeet-' || i, 'Wombatmeet ' || i, now() + interval '1 day' + i * interval '1 hour',
             now() + interval '1 day' + i * interval '1 hour' + interval '1 hour', 'UTC', 'Hall', 38.7, -9.1, 'published', now()
      from generate_series(1, 501) i;
      set session_replication_role = origin;`);
    const cal = parse((await feed('q=wombatmeet')).text);
    expect(cal.events).toHaveLength(500);
    expect(cal.events.at(-1)!.summary).toBe('Wombatmeet 500');
  });
});
