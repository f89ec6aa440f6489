import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/src/index.ts';
import { GENERIC_TITLE, readHead, type PreviewHead } from '../supabase/tests/support/read-head.ts';
import { pageWithHead } from '../web/deploy/page-head-middleware.ts';
import { startAppServer } from './support/app-server.ts';

// What Slack, WhatsApp, iMessage, Facebook, LinkedIn and Mastodon fetch a shared link with: no
// JavaScript, often no cookies, and rarely an Accept header that names HTML.
const PREVIEWERS: Record<string, string>[] = [
  { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', accept: '*/*' },
  { 'user-agent': 'WhatsApp/2.23.20.0' },
  { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', accept: '*/*' },
  { 'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0)', accept: 'text/html' },
  { 'user-agent': 'Mastodon/4.3.0 (http.rb/5.2.0; +https://mastodon.social/)', accept: 'text/html' },
];

let server: RunningServer;
const service = () => ({ apikey: server.keys.serviceRoleKey, authorization: `Bearer ${server.keys.serviceRoleKey}` });

async function preview(path: string, headers: Record<string, string> = PREVIEWERS[0]!): Promise<PreviewHead> {
  const res = await fetch(`${server.url}${path}`, { headers });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return readHead(await res.text());
}

/** og:image as a previewer fetches it: 200, an image, exactly 1200×630. */
async function expectCard(url: string | undefined) {
  expect(url).toMatch(/^https?:\/\//);
  const res = await fetch(url!, { headers: { accept: '*/*' } });
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect([meta.width, meta.height], url).toEqual([1200, 630]);
}

async function rest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}/rest/v1/${path}`, {
    ...init,
    headers: { ...service(), 'content-type': 'application/json', prefer: 'return=representation', ...init.headers },
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startAppServer();
});
afterAll(() => server?.close());

describe('link previews (no JavaScript)', () => {
  it('unfurl an event page with every tag, for each previewer, and its og:image is a 1200×630 picture', async () => {
    const [event] = await rest<{ slug: string; title: string; timezone: string; cover_path: string }[]>(
      'events?select=slug,title,timezone,cover_path&status=eq.published&visibility=eq.public&cover_path=not.is.null&order=starts_at&limit=1',
    );
    const url = `${server.url}/events/${event!.slug}`;
    for (const headers of PREVIEWERS) {
      const h = await preview(`/events/${event!.slug}`, headers);
      expect(h.title, headers['user-agent']).toBe(`${event!.title} · Gather`);
      expect(h.canonical).toBe(url);
      expect(h.meta).toMatchObject({
        'og:title': event!.title, 'og:type': 'website', 'og:url': url, 'og:site_name': 'Gather',
        'og:image:width': '1200', 'og:image:height': '630', 'twitter:card': 'summary_large_image',
      });
      expect(h.meta.description!.length).toBeGreaterThan(20);
      expect(h.meta['og:description']).toBe(h.meta.description);
      const [ld] = h.jsonLd;
      expect(ld).toMatchObject({ '@type': 'Event', name: event!.title, url, eventStatus: 'https://schema.org/EventScheduled', organizer: { '@type': 'Person' } });
      expect(ld!.location['@type']).toMatch(/Place|VirtualLocation/);
      // In the event's own zone: the offset matches the zone at that instant.
      const offset = new Intl.DateTimeFormat('en-US', { timeZone: event!.timezone, timeZoneName: 'longOffset' })
        .formatToParts(new Date(ld!.startDate)).find((p) => p.type === 'timeZoneName')!.value.replace('GMT', '') || '+00:00';
      expect(ld!.startDate.endsWith(offset)).toBe(true);
      expect(ld!.image).toEqual([h.meta['og:image']]);
    }
    const h = await preview(`/events/${event!.slug}`);
    await expectCard(h.meta['og:image']);
    // The cover the page will show is already on its way (the same srcset), and so is its data.
    expect(h.preloadImage?.srcset).toContain(`/storage/v1/render/image/public/event-covers/${event!.cover_path}?width=480 480w`);
    expect(h.pageData?.data).toMatchObject({ slug: event!.slug, title: event!.title });
  });

  it('unfurl Discover (with its filters) and a profile, with the site card as their image', async () => {
    const home = await preview('/');
    expect(home.title).toBe('Discover events · Gather');
    expect(home.canonical).toBe(`${server.url}/`);
    await expectCard(home.meta['og:image']);
    const music = await preview('/?category=music&when=week&view=map');
    expect(music.title).toBe('Music events this week · Gather');
    expect(music.canonical).toBe(`${server.url}/?category=music&when=week`);
    const profile = await preview('/u/ada');
    expect(profile.title).toBe('Ada Lovelace (@ada) · Gather');
    expect(profile.meta).toMatchObject({ 'og:type': 'profile', 'og:url': `${server.url}/u/ada`, 'twitter:card': 'summary_large_image' });
  });

  it('leak nothing about private, draft or hidden events', async () => {
    const [host] = await rest<{ id: string }[]>('profiles?select=id&username=eq.grace');
    const base = { host_id: host!.id, starts_at: '2031-03-01T18:00:00Z', ends_at: '2031-03-01T20:00:00Z', timezone: 'Europe/Lisbon', venue_name: 'A secret place', lat: 38.7, lng: -9.1, description: 'Whispered details' };
    const created = await rest<{ id: string; slug: string; title: string }[]>('events?select=id,slug,title', {
      method: 'POST',
      body: JSON.stringify([
        { ...base, title: 'Private supper club', visibility: 'private', status: 'published' },
        { ...base, title: 'Unfinished draft party', visibility: 'public', status: 'draft' },
        { ...base, title: 'Hidden rave', visibility: 'public', status: 'published' },
      ]),
    });
    await rest(`events?id=eq.${created[2]!.id}`, { method: 'PATCH', body: JSON.stringify({ hidden_at: new Date().toISOString() }) });
    for (const e of created) {
      const res = await fetch(`${server.url}/events/${e.slug}`, { headers: PREVIEWERS[2] });
      const html = await res.text();
      const h = readHead(html);
      expect(h.title).toBe(GENERIC_TITLE);
      expect(h.canonical).toBeUndefined();
      expect(h.jsonLd).toEqual([]);
      expect(h.pageData).toBeUndefined();
      expect(h.body, e.title).toBe('');
      for (const secret of [e.title, e.id, 'A secret place', 'Whispered details']) expect(html, e.title).not.toContain(secret);
    }
  });

  it('unfurl the same on a static host in front of Supabase (the edge middleware)', async () => {
    const [event] = await rest<{ slug: string; title: string }[]>('events?select=slug,title&status=eq.published&visibility=eq.public&limit=1');
    // The host's static files are the same build gather-server serves.
    const asset = (path: string) => fetch(`${server.url}${path}`);
    const res = await pageWithHead(new Request(`https://events.example/events/${event!.slug}`), {
      supabaseUrl: server.url, anonKey: server.keys.anonKey, asset,
    });
    const h = readHead(await res!.text());
    expect(h.title).toBe(`${event!.title} · Gather`);
    expect(h.canonical).toBe(`https://events.example/events/${event!.slug}`);
    // The first screen too, in the root element (decision 0168); the page's code after the paint,
    // so no module preload (decision 0195).
    expect(h.body).toContain(`<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">`);
    expect(h.body).toContain('href="#main"');
    expect(h.text).toMatch(/<script type="module"[^>]* src="\/assets\/index-[\w-]+\.js">/);
    expect(h.text).not.toContain('rel="modulepreload"');
    expect(await pageWithHead(new Request('https://events.example/assets/x.js'), { supabaseUrl: server.url, anonKey: server.keys.anonKey, asset })).toBeNull();
    // Gather's own words in the reader's language (decision 0208); the host's title as written.
    const fr = await pageWithHead(new Request('https://events.example/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } }), {
      supabaseUrl: server.url, anonKey: server.keys.anonKey, asset,
    });
    expect(fr!.headers.get('vary')).toContain('Accept-Language');
    const frHtml = await fr!.text();
    expect(frHtml).toMatch(/<html lang="fr" dir="ltr">/);
    const frHead = readHead(frHtml);
    expect(frHead.title).toBe('Découvrir des événements · Gather');
    expect(frHead.meta['og:locale']).toBe('fr_FR');
  });
});
