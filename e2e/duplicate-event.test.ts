// The host dashboard's "Duplicate" (issue 32, host tools): the editor opens on a copy of the
// event — its words, place and zone, a week later — and publishing makes a second event with its
// own copy of the cover and the questions, and none of the RSVPs.
// English at 360 px, French at 1280 px, axe clean.
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const TITLE = 'Soldering basics';
let slug = '';
let originalId = '';
const TILE = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

beforeAll(async () => {
  const c = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data, error } = await c.auth.signInWithPassword({ email: 'grace@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const start = Date.now() + 3 * 864e5;
  const made = await c.from('events').insert({
    host_id: data.user.id, title: TITLE, description: 'Irons provided.', category: 'tech', status: 'published',
    starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * 36e5).toISOString(),
    timezone: 'Asia/Tokyo', venue_name: 'Akihabara hall', lat: 35.698, lng: 139.773, capacity: 12, cover_path: 'seed/tech-1.png',
  }).select('id, slug').single();
  if (made.error) throw made.error;
  slug = made.data.slug;
  originalId = made.data.id;
  // A question and an RSVP: the copy takes the question, not the RSVP.
  const question = await c.from('event_questions').insert({ event_id: made.data.id, kind: 'short_text', label: 'Which kit do you bring?', required: false });
  if (question.error) throw question.error;
  const linus = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  if ((await linus.auth.signInWithPassword({ email: 'linus@example.com', password: DEMO_PASSWORD })).error) throw new Error('linus: no sign-in');
  const rsvp = await linus.rpc('rsvp', { event_id: made.data.id, guests: 0 });
  if (rsvp.error) throw rsvp.error;
});

describe("the host dashboard's Duplicate", () => {
  for (const [lang, width, words] of [
    ['en', 360, { duplicate: 'Duplicate', title: 'Title', zone: 'Time zone', publish: 'Publish', create: 'Create an event' }],
    ['fr', 1280, { duplicate: 'Dupliquer', title: 'Titre', zone: 'Fuseau horaire', publish: 'Publier', create: 'Créer un événement' }],
  ] as const) {
    it(`opens the editor on a copy a week later and publishes a second event (${lang}, ${width} px)`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/');
      try {
        // The editor's and the event page's maps ask tile.openstreetmap.org, out of this machine's reach.
        await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/gif', body: TILE }));
        const errors = watchPageErrors(page);
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
        await page.goto(`${app.server.url}/events/${slug}/manage`);
        await expect.poll(() => heading(page), SLOW).toBe(TITLE);
        await page.getByRole('link', { name: words.duplicate }).click();
        await expect.poll(() => new URL(page.url()).search, SLOW).toBe(`?copy=${slug}`);
        await expect.poll(() => page.getByLabel(words.title).inputValue(), SLOW).toBe(TITLE);
        expect(await page.getByLabel(words.zone).inputValue()).toBe('Asia/Tokyo');
        expect(await heading(page)).toBe(words.create);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.getByRole('button', { name: words.publish }).click();
        await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/events\/soldering-basics-[\w-]+$/);
        expect(new URL(page.url()).pathname).not.toBe(`/events/${slug}`);
        await expect.poll(() => heading(page), SLOW).toBe(TITLE);
        // Its own copy of the cover (in its folder, served), the question, and no RSVP.
        const copySlug = new URL(page.url()).pathname.split('/')[2]!;
        const { rows: [copy] } = await app.server.db.query<{ id: string; cover_path: string | null; questions: string[]; rsvps: number }>(
          `select e.id, e.cover_path, array(select q.label from public.event_questions q where q.event_id = e.id order by q.position) as questions,
                  (select count(*)::int from public.rsvps r where r.event_id = e.id) as rsvps
             from public.events e where e.slug = $1`, [copySlug]);
        expect(copy).toEqual({ id: copy!.id, cover_path: `${copy!.id}/tech-1.png`, questions: ['Which kit do you bring?'], rsvps: 0 });
        expect(copy!.id).not.toBe(originalId);
        const served = await fetch(`${app.server.url}/storage/v1/object/public/event-covers/${copy!.cover_path}`);
        expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
        expect(errors).toEqual([]);
      } finally {
        await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
        await context.close();
      }
    });
  }
});
