// The page-head function's first screen (`body`, decision 0168): the page's top as the app draws
// it for anyone, escaped, in the reader's language, and nothing at all for what anon cannot see.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_COVER, renditionUrl, srcSet } from '../functions/_shared/page-contract.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

const ORIGIN = 'https://gather.example';
let g: GatherServer;
let H: Member;

/** The function's answer for a page: its head as text and its first screen as a document. */
async function page(path: string, acceptLanguage = 'en-US,en;q=0.9') {
  const res = await g.fetch(`/functions/v1/page-head?${new URLSearchParams({ path, origin: ORIGIN })}`, {
    headers: { 'accept-language': acceptLanguage },
  });
  expect(res.status).toBe(200);
  const { head, body = '' } = (await res.json()) as { head: string; body?: string };
  const { document } = new JSDOM(`<!doctype html><html><head>${head}</head><body><div id="root">${body}</div></body></html>`).window;
  return { head, body, document };
}

beforeAll(async () => {
  g = await startGather();
  H = await g.member('screen_sam');
  await g.db.query(`update public.profiles set display_name = 'Sam Screen' where id = $1`, [H.id]);
});
afterAll(() => g.stop());

describe('page-head: first screens', () => {
  it("draws an event's header in the app's classes, with the cover the head preloads, escaped", async () => {
    const e = await createEvent(g, H, { title: 'Jazz <jam> & "friends"', category: 'music', cover_path: 'seed/music-1.png' });
    const { body, document } = await page(`/events/${e.slug}`);
    const main = document.querySelector('#root > div.flex.min-h-dvh > main#main')!;
    expect(main).not.toBeNull();
    expect(main.querySelector('article > header > h1')?.textContent).toBe('Jazz <jam> & "friends"');
    expect(body).not.toContain('<jam>');
    expect(main.querySelector('header > p.text-muted-foreground')?.textContent).toBe('Hosted by Sam Screen');
    expect(main.querySelector('header span.rounded-full')?.textContent).toBe('Music');
    const img = main.querySelector('header > img')!;
    const preload = document.head.querySelector('link[rel="preload"][as="image"]')!;
    // The very picture the head preloads and the app's <img> asks for, with its box reserved.
    expect(img.getAttribute('srcset')).toBe(preload.getAttribute('imagesrcset'));
    expect(img.getAttribute('sizes')).toBe(preload.getAttribute('imagesizes'));
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('fetchpriority')]).toEqual(['1200', '630', 'high']);
    // The shell: skip link, the header's nav as a signed-out visitor sees it.
    expect([...document.querySelectorAll('header nav a')].map((a) => a.textContent)).toEqual(['Discover', 'Groups', 'Create event', 'Sign in']);
  });

  it('says a cancelled event is cancelled, and writes its words in the reader\'s language', async () => {
    const e = await createEvent(g, H, { title: 'Concerto', category: 'music' });
    await g.sqlAs(H)(`update public.events set status = 'cancelled', cancel_reason = 'Rain <b>' where id = $1`, [e.id]);
    const { document } = await page(`/events/${e.slug}`, 'fr-FR,fr;q=0.9');
    expect(document.querySelector('p[role="status"]')?.textContent).toBe('Cet événement a été annulé. Rain <b>');
    expect(document.querySelector('header p.text-muted-foreground')?.textContent).toBe('Organisé par Sam Screen');
    expect(document.querySelector('a[href="#main"]')?.textContent).toBe('Aller au contenu');
    expect(document.querySelector('span.rounded-full')?.textContent).toBe('Musique');
  });

  it('sends no first screen for private, members-only, draft, hidden or missing events', async () => {
    const priv = await createEvent(g, H, { title: 'Private supper club', visibility: 'private' });
    const draft = await createEvent(g, H, { title: 'Half-written draft', status: 'draft' });
    const hidden = await createEvent(g, H, { title: 'Hidden by admins' });
    await g.db.query('update public.events set hidden_at = now() where id = $1', [hidden.id]);
    for (const [slug, secret] of [[priv.slug, 'Private supper club'], [draft.slug, 'Half-written draft'], [hidden.slug, 'Hidden by admins'], ['no-such-event', '']] as const) {
      const { body, head } = await page(`/events/${slug}`);
      expect(body, slug).toBe('');
      if (secret) expect(head).not.toContain(secret);
    }
  });

  it("draws a public group's header and inlines its data; private groups get nothing", async () => {
    const { rows } = await g.db.query<{ exists: boolean }>(`select to_regclass('public.groups') is not null as exists`);
    if (!rows[0]!.exists) return console.warn('first-screen group test NOT RUN: no public.groups');
    const insert = async (name: string, visibility: string, join = 'open') =>
      (await g.sqlAs(H)<{ slug: string }>(
        `insert into public.groups (name, about, category, city, lat, lng, visibility, join_policy, cover_path) values ($1, 'About', 'music', 'Lisbon', 38.72, -9.14, $2, $3, 'seed/jazz.png') returning slug`,
        [name, visibility, join],
      ))[0]!;
    const pub = await insert('Lisbon <Jazz> Collective', 'public', 'approval');
    const { document } = await page(`/g/${pub.slug}`);
    expect(document.querySelector('main h1')?.textContent).toBe('Lisbon <Jazz> Collective');
    expect([...document.querySelectorAll('main span.rounded-full')].map((s) => s.textContent)).toEqual(['Music', 'Public group', 'Organizers approve new members']);
    expect(document.querySelector('main header img[srcset]')?.getAttribute('sizes')).toBe('(min-width: 1024px) 992px, calc(100vw - 2rem)');
    expect(document.querySelector('main a[data-slot="button"]')?.textContent).toBe('Sign in to ask to join');
    expect(document.querySelector('main a[data-slot="button"]')?.getAttribute('href')).toBe(`/auth/sign-in?next=${encodeURIComponent(`/g/${pub.slug}`)}`);
    const data = JSON.parse(document.getElementById('page-data')!.textContent!);
    expect(data).toMatchObject({ key: ['groups', 'detail', pub.slug, 'anon'], data: { slug: pub.slug, join_policy: 'approval' } });
    expect(document.querySelector('main')?.textContent).toContain('1 member');

    const priv = await insert('Secret Quartet', 'private');
    const p = await page(`/g/${priv.slug}`);
    expect(p.body).toBe('');
    expect(p.head).not.toContain('Secret Quartet');
  });

  it("inlines Discover's first page for the default search, under the app's list key, and preloads the first card's cover", async () => {
    await createEvent(g, H, { title: 'Soonest public gig', days: 0.02, cover_path: 'seed/music-1.png' });
    const hidden = await createEvent(g, H, { title: 'Soonest private gig', days: 0.01, visibility: 'private' });
    const { document, head } = await page('/');
    const data = JSON.parse(document.getElementById('page-data')!.textContent!);
    expect(data.key).toEqual(['events', 'discover', 'list', { q: '', category: null, when: 'any', from: null, to: null, online: false, near: null, radiusKm: 25, myGroups: false }]);
    expect(data.data.pageParams).toEqual([0]);
    const [first] = data.data.pages[0].events;
    expect(first).toMatchObject({ title: 'Soonest public gig', cover_path: 'seed/music-1.png' });
    expect(data.data.pages[0].total).toBeGreaterThanOrEqual(1);
    const preload = document.head.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('imagesrcset')).toContain('/render/image/public/event-covers/seed/music-1.png?width=320 320w');
    expect(preload.getAttribute('imagesizes')).toBe('(min-width: 1024px) 320px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)');
    expect(head).not.toContain('Soonest private gig');
    expect(head).not.toContain(hidden.id);
    // A filtered search is not inlined (its window depends on the reader's clock and place).
    expect((await page('/?category=music')).document.getElementById('page-data')).toBeNull();
  });

  it("draws Discover's top for the default search: heading, filters, views and the inlined cards, covers as the app's EventCard", async () => {
    const first = await createEvent(g, H, { title: 'Earliest <Jam> & "co"', days: 0.004, cover_path: 'seed/music-1.png', category: 'music', capacity: 10 });
    const second = await createEvent(g, H, { title: 'Second, online too', days: 0.005, is_online: true });
    // Sooner than every public one: were they readable by anon, they would be the first cards.
    const priv = await createEvent(g, H, { title: 'Discover private supper', days: 0.001, visibility: 'private' });
    const unlisted = await createEvent(g, H, { title: 'Discover unlisted', days: 0.0015, visibility: 'unlisted' });
    const draft = await createEvent(g, H, { title: 'Discover draft', days: 0.002, status: 'draft' });
    const hidden = await createEvent(g, H, { title: 'Discover hidden', days: 0.0025 });
    await g.db.query('update public.events set hidden_at = now() where id = $1', [hidden.id]);

    const { body, document, head } = await page('/');
    const main = document.querySelector('#root > div.flex.min-h-dvh > main#main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Discover events');
    expect(document.querySelector('header nav a[aria-current="page"]')?.getAttribute('href')).toBe('/');
    expect(main.querySelector('form[role="search"] input[name="q"]')?.getAttribute('placeholder')).toBe('Search events, venues, topics…');
    expect([...main.querySelectorAll('nav[aria-label="Views"] a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([['/', 'List'], ['/?view=map', 'Map'], ['/?view=calendar', 'Calendar']]);
    // The phone's "Filters" button and the wide fields are both there, each hidden where the app would not draw it.
    expect(main.querySelector('button[aria-haspopup="dialog"]')?.className).toContain('sm:hidden');
    expect(main.querySelector('select')?.closest('div.hidden.sm\\:flex')).not.toBeNull();
    // Inert until the app draws its own filters (its first render replaces them; nothing typed is lost).
    expect(main.querySelector('form[role="search"]')?.parentElement?.hasAttribute('inert')).toBe(true);
    expect(main.querySelectorAll('[inert]')).toHaveLength(1);

    // The cards are the inlined page's, in its order, and nothing anon cannot read.
    const data = JSON.parse(document.getElementById('page-data')!.textContent!);
    const inlined = data.data.pages[0].events as { slug: string; title: string; starts_at: string }[];
    const cards = [...main.querySelectorAll('section ul > li > article')];
    expect(cards.map((c) => c.querySelector('h2 a')?.textContent)).toEqual(inlined.map((e) => e.title));
    expect(cards.map((c) => c.querySelector('h2 a')?.getAttribute('href'))).toEqual(inlined.map((e) => `/events/${e.slug}`));
    expect(inlined.slice(0, 2).map((e) => e.slug)).toEqual([first.slug, second.slug]);
    expect(main.querySelector('section p[role="status"]')?.textContent).toBe(`${data.data.pages[0].total} events`);
    expect(body).not.toContain('<Jam>');
    for (const secret of ['Discover private supper', 'Discover unlisted', 'Discover draft', 'Discover hidden']) {
      expect(body).not.toContain(secret);
      expect(head).not.toContain(secret);
    }
    // Not in search_events for anon in the first place.
    const asAnon = await g.sqlAs('anon')<{ id: string }>('select id from public.search_events(starts_after => now() - interval \'1 hour\')');
    const ids = asAnon.map((r) => r.id);
    for (const e of [priv, unlisted, draft, hidden]) expect(ids).not.toContain(e.id);
    expect(ids).toContain(first.id);

    // The first card as EventCard draws it: the cover's attributes from the app's contract (cardCoverImage), eager.
    const [card1, card2] = cards;
    const img = card1!.querySelector('img')!;
    expect(Object.fromEntries(['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'fetchpriority', 'decoding', 'alt', 'class'].map((a) => [a, img.getAttribute(a)]))).toEqual({
      src: renditionUrl(ORIGIN, 'event-covers', 'seed/music-1.png', { width: CARD_COVER.fallbackWidth }),
      srcset: srcSet(ORIGIN, 'event-covers', 'seed/music-1.png', CARD_COVER.widths),
      sizes: CARD_COVER.sizes, width: '1200', height: '630', loading: 'eager', fetchpriority: 'high', decoding: 'async', alt: '',
      class: 'aspect-[1200/630] w-full bg-muted object-cover',
    });
    // The head preloads that very picture.
    expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('imagesrcset')).toBe(img.getAttribute('srcset'));
    expect(card1!.querySelector('time')?.getAttribute('datetime')).toBe(inlined[0]!.starts_at);
    // en-US: 12-hour clock, in the event's own zone (Lisbon), labelled with its offset (decision 0301).
    expect(card1!.querySelector('time')?.textContent).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2} (AM|PM) UTC(\+1)?$/);
    expect([...card1!.querySelectorAll('span.rounded-full, span.flex')].map((s) => s.textContent)).toEqual(['Music', '10 spots left']);
    // A card without a cover keeps the box; an online event with a venue says so.
    expect(card2!.querySelector('img')).toBeNull();
    expect(card2!.querySelector('div[aria-hidden="true"].aspect-\\[1200\\/630\\]')).not.toBeNull();
    expect(card2!.querySelector('p span.shrink-0')?.textContent).toBe('· also online');
    // Cards after the third load their covers when scrolled near, as the app's list says.
    const later = cards.slice(3).map((c) => c.querySelector('img')).filter(Boolean);
    for (const i of later) expect([i!.getAttribute('loading'), i!.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
    // Well within the serving's 128 KB limit.
    expect(body.length).toBeLessThan(100 * 1024);
  });

  it("writes Discover's words, dates and distances in the reader's language and regional format", async () => {
    const fr = await page('/', 'fr-FR,fr;q=0.9');
    const main = fr.document.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Découvrir des événements');
    expect(fr.document.querySelector('a[href="#main"]')?.textContent).toBe('Aller au contenu');
    expect([...main.querySelectorAll('nav[aria-label="Vues"] a')].map((a) => a.textContent)).toEqual(['Liste', 'Carte', 'Calendrier']);
    expect(main.querySelector('section p[role="status"]')?.textContent).toMatch(/^\d+ événements$/);
    expect(main.querySelector('section article span.rounded-full')?.textContent).toBe('Musique');
    expect(main.querySelector('section article time')?.textContent).toMatch(/^[a-zé]+\. \d{1,2} [a-zéû]+\.? · \d{1,2}:\d{2} UTC(\+1)?$/);
    expect(main.querySelector('select[disabled] option[selected]')?.textContent).toBe('Dans un rayon de 25\u202fkm');
    // The app formats in the browser's regional variant: British English has a 24-hour clock and kilometres.
    const gb = await page('/', 'en-GB,en;q=0.9');
    expect(gb.document.querySelector('main section article time')?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} · \d{1,2}:\d{2} UTC(\+1)?$/);
    expect(gb.document.querySelector('main select[disabled] option[selected]')?.textContent).toBe('Within 16 mi');
    const us = await page('/', 'en-US,en;q=0.9');
    expect(us.document.querySelector('main select[disabled] option[selected]')?.textContent).toBe('Within 16 mi');
    const de = await page('/', 'de-DE,de;q=0.9');
    expect(de.document.querySelector('main select[disabled] option[selected]')?.textContent).toBe('Im Umkreis von 25 km');
  });

  it('sends no first screen for a filtered Discover URL', async () => {
    for (const path of ['/?category=music', '/?q=jazz', '/?view=map', '/?when=today']) {
      const { body, document } = await page(path);
      expect(body, path).toBe('');
      expect(document.getElementById('page-data'), path).toBeNull();
    }
  });
});

