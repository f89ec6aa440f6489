import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup } from './support/group-cast.ts';

// The calendar-feed function's own words in the reader's language (decisions 0205, 0209): the
// RSS channel's description and language, "Online", the personal calendar's name, "Cancelled:".
// What hosts wrote (titles, group names) stays as written.

let g: GatherServer;
let host: Member;
let grp: { id: string; slug: string };

async function feed(query: string, acceptLanguage: string) {
  const res = await g.fetch(`/functions/v1/calendar-feed?${query}`, { headers: { 'accept-language': acceptLanguage } });
  expect(res.status, query).toBe(200);
  return { headers: res.headers, text: await res.text() };
}

beforeAll(async () => {
  g = await startGather();
  host = await g.member('feed_host');
  grp = await createGroup(g, host, { name: 'Porto Readers' });
  await createEvent(g, host, { title: 'Leitura online', group_id: grp.id, is_online: true, venue_name: null, address: null, lat: null, lng: null });
  const off = await createEvent(g, host, { title: 'Sessão adiada', group_id: grp.id });
  await g.sqlAs(host)(`update public.events set status = 'cancelled' where id = $1`, [off.id]);
});
afterAll(() => g.stop());

describe("calendar feeds in the reader's language", () => {
  it("describes a group's RSS feed in French, and says Online in French", async () => {
    const fr = await feed(`group=${grp.slug}&format=rss`, 'fr-BE,fr;q=0.9,en;q=0.5');
    expect(fr.headers.get('content-language')).toBe('fr');
    expect(fr.headers.get('vary')).toContain('Accept-Language');
    expect(fr.text).toContain('<title>Porto Readers · Gather</title>');
    expect(fr.text).toContain('<description>Nouveaux événements de Porto Readers sur Gather</description>');
    expect(fr.text).toContain('<language>fr</language>');
    expect(fr.text).toMatch(/<title>Leitura online<\/title>[\s\S]*?· En ligne/);
    const en = await feed(`group=${grp.slug}&format=rss`, 'ja');
    expect(en.text).toContain('<description>New events of Porto Readers on Gather</description>');
    // A search feed, in Spanish by ?lang= whatever the browser says.
    const es = await feed('q=leitura&format=rss&lang=es', 'de');
    expect(es.text).toContain('<description>Nuevos eventos que coinciden con «leitura» en Gather</description>');
  });

  it('names the personal calendar and marks cancelled events in German', async () => {
    const { rows } = await g.db.query<{ id: string }>(`select id from public.events where title = 'Sessão adiada'`);
    const token = (await g.sqlAs(host)<{ t: string }>(`select public.my_calendar_token() as t`))[0]!.t;
    const de = await feed(`token=${token}`, 'de-CH, de;q=0.9');
    const cal = new ICAL.Component(ICAL.parse(de.text));
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Gather: meine Events');
    const cancelled = cal.getAllSubcomponents('vevent').find((v) => String(v.getFirstPropertyValue('uid')).startsWith(rows[0]!.id));
    expect(cancelled?.getFirstPropertyValue('summary')).toBe('Abgesagt: Sessão adiada');
  });
});
