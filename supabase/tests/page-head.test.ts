import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { GENERIC_TITLE, readHead, type PreviewHead } from './support/read-head.ts';

const ORIGIN = 'https://gather.example';
let g: GatherServer;
let H: Member;

/** The page-head function's answer for a page, read as a link previewer reads a <head>. */
async function head(path: string, acceptLanguage = 'en-US,en;q=0.9'): Promise<PreviewHead> {
  const res = await g.fetch(`/functions/v1/page-head?${new URLSearchParams({ path, origin: ORIGIN })}`, {
    headers: { 'accept-language': acceptLanguage },
  });
  expect(res.status).toBe(200);
  const { head: html, body = '' } = (await res.json()) as { head: string; body?: string };
  return readHead(`<!doctype html><html><head>${html}</head><body><div id="root">${body}</div></body></html>`);
}

function expectGeneric(h: PreviewHead, ...secrets: string[]) {
  expect(h.title).toBe(GENERIC_TITLE);
  expect(h.canonical).toBeUndefined();
  expect(h.meta['og:url']).toBeUndefined();
  expect(h.meta['og:image']).toBe(`${ORIGIN}/og-image.png`);
  expect(h.jsonLd).toEqual([]);
  expect(h.pageData).toBeUndefined();
  expect(h.preloadImage).toBeUndefined();
  // No first screen either (decision 0168).
  expect(h.body).toBe('');
  for (const s of secrets) expect(h.text).not.toContain(s);
}

beforeAll(async () => {
  g = await startGather();
  H = await g.member('hosting_hanna');
  await g.db.query(`update public.profiles set display_name = 'Hanna Host', bio = 'I run the **jazz** nights.', home_city = 'Lisbon' where id = $1`, [H.id]);
});
afterAll(() => g.stop());

describe('page-head: event pages', () => {
  it('describes a public event completely: tags, JSON-LD in its zone, the cover preload and its data', async () => {
    const e = await createEvent(g, H, {
      title: 'Jazz <jam> & friends', description: 'Bring an **instrument**.\nOr just your ears.', timezone: 'America/Sao_Paulo',
      starts_at: '2030-11-25T22:00:00Z', ends_at: '2030-11-26T01:00:00Z', venue_name: 'Mercadão', address: 'Rua da Cantareira 306',
      lat: -23.54, lng: -46.63, is_online: true, cover_path: 'seed/music-1.png',
    });
    await g.db.query(`insert into public.event_online_links (event_id, url) values ($1, 'https://meet.example.com/secret-room')`, [e.id]);
    const h = await head(`/events/${e.slug}`);
    const url = `${ORIGIN}/events/${e.slug}`;
    const og = `${ORIGIN}/storage/v1/render/image/public/event-covers/seed/music-1.png?width=1200&height=630&resize=cover&format=origin`;
    expect(h.title).toBe('Jazz <jam> & friends · Gather');
    expect(h.canonical).toBe(url);
    expect(h.meta).toMatchObject({
      description: expect.stringContaining('Monday, 25 November 2030 at 7:00 pm UTC-3 (America/Sao Paulo) · Mercadão, Rua da Cantareira 306. Bring an instrument. Or just your ears.'),
      'og:site_name': 'Gather', 'og:type': 'website', 'og:title': 'Jazz <jam> & friends', 'og:url': url,
      'og:image': og, 'og:image:width': '1200', 'og:image:height': '630', 'og:image:type': 'image/png',
      'og:locale': 'en_US', 'twitter:card': 'summary_large_image', 'twitter:image': og,
    });
    expect(h.meta.robots).toBeUndefined();
    expect(h.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Event', name: 'Jazz <jam> & friends', url,
        startDate: '2030-11-25T19:00:00-03:00', endDate: '2030-11-25T22:00:00-03:00',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
        location: [
          expect.objectContaining({ '@type': 'Place', name: 'Mercadão', geo: { '@type': 'GeoCoordinates', latitude: -23.54, longitude: -46.63 } }),
          { '@type': 'VirtualLocation', url },
        ],
        organizer: { '@type': 'Person', name: 'Hanna Host', url: `${ORIGIN}/u/hosting_hanna` },
        image: [og],
      }),
    ]);
    expect(h.preloadImage?.srcset).toContain('/render/image/public/event-covers/seed/music-1.png?width=480 480w');
    expect(h.preloadImage?.sizes).toBeTruthy();
    expect(h.pageData).toMatchObject({ key: ['events', 'detail', e.slug], data: { id: e.id, title: 'Jazz <jam> & friends', online_link: null } });
    // The join link is for those going: never in the HTML.
    expect(h.text).not.toContain('secret-room');
  });

  it('marks a cancelled event cancelled, online-only events as VirtualLocation, unlisted ones noindex', async () => {
    const cancelled = await createEvent(g, H, { title: 'Called off' });
    await g.sqlAs(H)(`update public.events set status = 'cancelled', cancel_reason = 'Rain' where id = $1`, [cancelled.id]);
    const c = await head(`/events/${cancelled.slug}`);
    expect(c.title).toBe('Cancelled: Called off · Gather');
    expect(c.jsonLd[0]).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled', startDate: expect.stringMatching(/[+-]0\d:00$/) });
    const online = await createEvent(g, H, { title: 'Online only', venue_name: null, lat: null, lng: null, is_online: true });
    const o = await head(`/events/${online.slug}`);
    expect(o.jsonLd[0]).toMatchObject({ location: { '@type': 'VirtualLocation' }, eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode' });
    expect(o.meta['og:image']).toBe(`${ORIGIN}/og-image.png`); // no cover: the site's card
    const unlisted = await createEvent(g, H, { title: 'Friends only link', visibility: 'unlisted' });
    const u = await head(`/events/${unlisted.slug}`);
    expect(u.meta['og:title']).toBe('Friends only link');
    expect(u.meta.robots).toBe('noindex');
  });

  it('says nothing about private, draft or hidden events, nor about ones that do not exist', async () => {
    const priv = await createEvent(g, H, { title: 'Private supper club', description: 'Secret menu', visibility: 'private' });
    const draft = await createEvent(g, H, { title: 'Half-written draft', status: 'draft' });
    const hidden = await createEvent(g, H, { title: 'Hidden by admins', description: 'Removed content' });
    await g.db.query('update public.events set hidden_at = now() where id = $1', [hidden.id]);
    expectGeneric(await head(`/events/${priv.slug}`), 'Private supper club', 'Secret menu', priv.id);
    expectGeneric(await head(`/events/${draft.slug}`), 'Half-written draft', draft.id);
    expectGeneric(await head(`/events/${hidden.slug}`), 'Hidden by admins', 'Removed content', hidden.id);
    const missing = await head('/events/no-such-event');
    expectGeneric(missing);
    expect(missing.meta.robots).toBe('noindex');
    // App screens under /events/ are not events.
    expectGeneric(await head('/events/new'));
  });
});

describe('page-head: profiles, groups and Discover', () => {
  it('describes a profile, and says nothing about a suspended member', async () => {
    await g.db.query(`update public.profiles set avatar_path = $2 where id = $1`, [H.id, `${H.id}/avatar.png`]);
    const h = await head('/u/hosting_hanna');
    expect(h.title).toBe('Hanna Host (@hosting_hanna) · Gather');
    expect(h.meta).toMatchObject({
      'og:type': 'profile', description: 'I run the jazz nights.', 'og:url': `${ORIGIN}/u/hosting_hanna`,
      'og:image': `${ORIGIN}/storage/v1/render/image/public/avatars/${H.id}/avatar.png?width=400&height=400&resize=cover&format=origin`,
    });
    expect(h.jsonLd[0]).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: 'Hanna Host' } });
    const banned = await g.member('banned_bob');
    await g.db.query(`update public.profiles set display_name = 'Bob Banned' where id = $1`, [banned.id]);
    await g.db.query(`update public.profile_private set suspended_at = now() where id = $1`, [banned.id]);
    expectGeneric(await head('/u/banned_bob'), 'Bob Banned');
  });

  it('describes a public group as an Organization, and says nothing about private ones', async () => {
    const { rows } = await g.db.query<{ exists: boolean }>(`select to_regclass('public.groups') is not null as exists`);
    if (!rows[0]!.exists) {
      console.warn('page-head group test NOT RUN: this schema has no public.groups yet');
      return;
    }
    const group = async (fields: Record<string, unknown>) =>
      (await g.sqlAs(H)<{ slug: string }>(
        `insert into public.groups (name, about, category, city, lat, lng, visibility) values ($1, $2, 'music', 'Lisbon', 38.72, -9.14, $3) returning slug`,
        [fields.name, fields.about, fields.visibility ?? 'public'],
      ))[0]!;
    const pub = await group({ name: 'Lisbon Jazz Collective', about: 'We **play** on Tuesdays.' });
    const h = await head(`/g/${pub.slug}`);
    expect(h.title).toBe('Lisbon Jazz Collective · Gather');
    expect(h.meta['og:url']).toBe(`${ORIGIN}/g/${pub.slug}`);
    expect(h.meta.description).toContain('Music group in Lisbon');
    expect(h.jsonLd[0]).toMatchObject({ '@type': 'Organization', name: 'Lisbon Jazz Collective', url: `${ORIGIN}/g/${pub.slug}` });
    // No cover, nothing to preload; with one, the same srcset the group page's <img> asks for.
    expect(h.preloadImage).toBeUndefined();
    await g.db.query(`update public.groups set cover_path = 'seed/jazz.png' where slug = $1`, [pub.slug]);
    const covered = await head(`/g/${pub.slug}`);
    expect(covered.preloadImage?.srcset).toContain('/render/image/public/group-media/seed/jazz.png?width=480 480w');
    expect(covered.preloadImage?.sizes).toBe('(min-width: 1024px) 992px, calc(100vw - 2rem)');
    const priv = await group({ name: 'Secret Quartet', about: 'Members only.', visibility: 'private' });
    expectGeneric(await head(`/g/${priv.slug}`), 'Secret Quartet');
  });

  it("describes Discover by its filters, with one canonical URL per search", async () => {
    const all = await head('/');
    expect(all.title).toBe('Discover events · Gather');
    expect(all.canonical).toBe(`${ORIGIN}/`);
    expect(all.jsonLd[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    const music = await head('/?view=map&radius=10&place=Lisbon&near=38.72,-9.14&when=weekend&category=music&bogus=1');
    expect(music.title).toBe('Music events this weekend near Lisbon (10 km) · Gather');
    expect(music.canonical).toBe(`${ORIGIN}/?category=music&when=weekend&near=38.72%2C-9.14&place=Lisbon&radius=10`);
    expect(music.meta['og:image']).toBe(`${ORIGIN}/og-image.png`);
    const search = await head('/?q=%3Cscript%3E&online=1&from=2030-01-01&to=2030-01-31');
    expect(search.title).toBe('Online events matching “<script>” from 1 January 2030 to 31 January 2030 · Gather');
    expect(search.text).not.toContain('<script>');
  });
});

describe('page-head: in the reader\'s language (Accept-Language, decision 0208)', () => {
  it("writes Gather's own words in the first language the reader's browser asks for that Gather speaks", async () => {
    const e = await createEvent(g, H, {
      title: 'Fado à noite', description: 'Guitarras.', timezone: 'Europe/Lisbon', starts_at: '2030-07-12T19:00:00Z',
      ends_at: '2030-07-12T22:00:00Z', venue_name: null, address: null, is_online: true,
    });
    const fr = await head(`/events/${e.slug}`, 'fr-CH, fr;q=0.9, en;q=0.8');
    expect(fr.meta['og:locale']).toBe('fr_FR');
    expect(fr.text.match(/og:locale:alternate" content="[^"]+/g)?.map((m) => m.split('"').at(-1))).toEqual(['en_US', 'de_DE', 'es_ES', 'pt_BR']);
    // The host's title and text stay as written; the date and "Online" are French.
    expect(fr.title).toBe('Fado à noite · Gather');
    expect(fr.meta.description).toBe('vendredi 12 juillet 2030 à 20:00 UTC+1 (Europe/Lisbon) · En ligne. Guitarras.');
    expect(fr.meta['og:image:alt']).toBe('Gather : des événements près de chez vous');

    await g.sqlAs(H)(`update public.events set status = 'cancelled' where id = $1`, [e.id]);
    const de = await head(`/events/${e.slug}`, 'ja, de-AT;q=0.8, en;q=0.5');
    expect(de.meta['og:locale']).toBe('de_DE');
    expect(de.title).toBe('Abgesagt: Fado à noite · Gather');
    expect(de.meta.description).toMatch(/^Abgesagt\. Freitag, 12\. Juli 2030 um 20:00 UTC\+1 \(Europe\/Lisbon\) · Online\./);

    // A language Gather does not speak, or none: English.
    expect((await head(`/events/${e.slug}`, 'ja, zh;q=0.5')).meta['og:locale']).toBe('en_US');
  });

  it('titles Discover, groups and profiles in the language, and the generic head too', async () => {
    const es = await head('/?category=music&when=weekend&near=38.72,-9.14&place=Lisboa&radius=10', 'es-MX,es;q=0.9');
    expect(es.title).toBe('Música: eventos este fin de semana cerca de Lisboa (10 km) · Gather');
    expect(es.meta.description).toContain('eventos en Gather');
    const pt = await head('/?from=2030-01-01&online=1', 'pt-PT');
    expect(pt.meta['og:locale']).toBe('pt_BR');
    expect(pt.title).toBe('Eventos on-line a partir de 1 de janeiro de 2030 · Gather');
    expect((await head('/', 'fr')).title).toBe('Découvrir des événements · Gather');

    await g.db.query(`update public.profiles set bio = '' where id = $1`, [H.id]);
    const profile = await head('/u/hosting_hanna', 'de');
    expect(profile.meta.description).toBe('Hanna Host veranstaltet und besucht Events in Lisbon auf Gather.');

    const generic = await head('/events/no-such-event', 'fr');
    expect(generic.title).toBe('Gather — des événements près de chez vous');
    expect(generic.meta['og:locale']).toBe('fr_FR');
    expect(generic.meta.robots).toBe('noindex');
  });
});
