// A check-in tapped by mistake at the door is undone from the same list (issue 32, host tools),
// and a paid ticket's from the result of its scan (decision 0415): English at 360 px, French at
// 1280 px, axe clean.
import { readFile } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const TITLE = 'Door mistakes: an undo button';
let slug = '';
let eventId = '';
let graceId = '';
let ada: SupabaseClient;

async function clientFor(username: string): Promise<SupabaseClient> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  ada = await clientFor('ada');
  const { data: me } = await ada.auth.getUser();
  // Check-in opens two hours before the start.
  const startsAt = new Date(Date.now() + 3600_000);
  const { data: event, error } = await ada.from('events').insert({
    host_id: me.user!.id, title: TITLE, category: 'community', status: 'published', visibility: 'public',
    starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
    timezone: 'Europe/Lisbon', venue_name: 'LX Factory', lat: 38.7036, lng: -9.1784,
  }).select('id, slug').single();
  if (error) throw error;
  ({ id: eventId, slug } = event);
  const grace = await clientFor('grace');
  graceId = (await grace.auth.getUser()).data.user!.id;
  const rsvp = await grace.rpc('rsvp', { event_id: eventId });
  if (rsvp.error) throw rsvp.error;
});

describe('undoing a check-in at the door', () => {
  for (const [lang, width, undo, again, toast] of [
    ['en', 360, 'Undo check-in for Grace Hopper', 'Check in Grace Hopper', "Grace Hopper's check-in was undone."],
    ['fr', 1280, 'Annuler l’arrivée de Grace Hopper', 'Enregistrer l’arrivée de Grace Hopper', 'L’arrivée de Grace Hopper a été annulée.'],
  ] as const) {
    it(`puts the guest back as not arrived (${lang}, ${width} px)`, async () => {
      const checked = await ada.rpc('check_in', { event_id: eventId, user_id: graceId });
      if (checked.error) throw checked.error;
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/');
      try {
        const errors = watchPageErrors(page);
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
        await page.goto(`${app.server.url}/events/${slug}/check-in`);
        await expect.poll(() => heading(page), SLOW).toBe(TITLE);
        await page.getByRole('button', { name: undo }).click(SLOW);
        await page.getByText(toast).first().waitFor(SLOW);
        await page.getByRole('button', { name: again }).waitFor(SLOW);
        const { data } = await ada.from('rsvps').select('checked_in_at').eq('event_id', eventId).eq('user_id', graceId).single();
        expect(data!.checked_in_at).toBeNull();
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
        await context.close();
      }
    });
  }
});

describe('walk-ins at the door', () => {
  for (const [lang, width, w] of [
    ['en', 360, { section: 'Walk-ins', name: 'Name', email: 'Email (optional)', add: 'Add and check in', in: 'Ana Walker is in.', count: '1 walk-in', remove: 'Remove Ana Walker', csv: 'Export CSV', status: 'Walk-in' }],
    ['fr', 1280, { section: 'Sans inscription', name: 'Nom', email: 'E-mail (facultatif)', add: 'Ajouter et enregistrer l’arrivée', in: 'Arrivée de Ana Walker enregistrée.', count: '1 arrivée sans inscription', remove: 'Retirer Ana Walker', csv: 'Exporter en CSV', status: 'Sans inscription' }],
  ] as const) {
    it(`adds someone without an RSVP by name, in at once, and removes them again (${lang}, ${width} px)`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/');
      try {
        const errors = watchPageErrors(page);
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
        await page.goto(`${app.server.url}/events/${slug}/check-in`);
        await expect.poll(() => heading(page), SLOW).toBe(TITLE);
        const section = page.getByRole('region', { name: w.section });
        await section.getByLabel(w.name, { exact: true }).fill('Ana Walker');
        await section.getByLabel(w.email).fill('ana@example.com');
        await section.getByRole('button', { name: w.add }).click();
        await page.getByText(w.in).first().waitFor(SLOW);
        await section.getByText(w.count).waitFor(SLOW);
        await section.getByRole('listitem').filter({ hasText: 'ana@example.com' }).waitFor(SLOW);
        expect(await seriousA11yViolations(page)).toEqual([]);
        // The guest list's CSV has her too, after the RSVPs, in when she was added.
        await page.goto(`${app.server.url}/events/${slug}/manage`);
        const exportButton = page.getByRole('button', { name: w.csv });
        await expect.poll(() => exportButton.isEnabled(), SLOW).toBe(true);
        const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
        const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
        expect(lines.at(-1)).toMatch(new RegExp(`^Ana Walker,,ana@example\\.com,${w.status},0,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,$`));
        await page.goto(`${app.server.url}/events/${slug}/check-in`);
        await section.getByRole('button', { name: w.remove }).click(SLOW);
        await expect.poll(() => section.getByRole('listitem').count(), SLOW).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
        await context.close();
      }
    });
  }
});

// A paid ticket is checked in by its code, not from the list: its result panel offers the undo.
describe("undoing a paid ticket's check-in at the door", () => {
  const PAID_TITLE = 'Door mistakes: a paid ticket';
  let paidSlug = '';
  let ticketId = '';
  let ticketCode = '';
  let grace: SupabaseClient;

  beforeAll(async () => {
    const { data: me } = await ada.auth.getUser();
    const startsAt = new Date(Date.now() + 3600_000);
    const { data: event, error } = await ada.from('events').insert({
      host_id: me.user!.id, title: PAID_TITLE, category: 'community', status: 'published', visibility: 'public', currency: 'EUR',
      starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/Lisbon', venue_name: 'LX Factory', lat: 38.7036, lng: -9.1784,
    }).select('id, slug').single();
    if (error) throw error;
    paidSlug = event.slug;
    const type = await ada.from('ticket_types').insert({ event_id: event.id, name: 'General', price: 1500 }).select('id').single();
    if (type.error) throw type.error;
    // A paid order as Stripe's webhook completes it: the checkout as Grace, the payment as the service.
    grace = await clientFor('grace');
    const started = await grace.rpc('start_checkout', { event_id: event.id, items: [{ ticket_type_id: type.data.id, quantity: 1 }] });
    if (started.error) throw started.error;
    const order = started.data as { order_id: string; amount_total: number; currency: string };
    const service = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
    const session = `cs_test_${order.order_id}`;
    const attached = await service.rpc('attach_checkout_session', { order_id: order.order_id, session_id: session, url: 'https://checkout.stripe.com/x' });
    if (attached.error) throw attached.error;
    const paid = await service.rpc('complete_checkout', {
      order_id: order.order_id, session_id: session, payment_status: 'paid', amount_total: order.amount_total, currency: order.currency, payment_intent: `pi_${order.order_id}`,
    });
    if (paid.error) throw paid.error;
    const details = await grace.rpc('order_details', { order_id: order.order_id });
    if (details.error) throw details.error;
    ({ id: ticketId, code: ticketCode } = (details.data as { tickets: { id: string; code: string }[] }).tickets[0]!);
  });

  for (const [lang, width, scanRegion, codeLabel, submit, checkedIn, undo, toast] of [
    ['en', 360, 'Scan or enter a ticket', 'Ticket code', 'Check in', 'Checked in', 'Undo check-in for Grace Hopper', "Grace Hopper's check-in was undone."],
    ['fr', 1280, 'Scanner ou saisir un billet', 'Code du billet', 'Enregistrer l’arrivée', 'Enregistré', 'Annuler l’arrivée de Grace Hopper', 'L’arrivée de Grace Hopper a été annulée.'],
  ] as const) {
    it(`puts the ticket back as not arrived, to be scanned again (${lang}, ${width} px)`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/');
      try {
        const errors = watchPageErrors(page);
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('gather.locale', l), lang);
        await page.goto(`${app.server.url}/events/${paidSlug}/check-in`);
        await expect.poll(() => heading(page), SLOW).toBe(PAID_TITLE);
        const result = page.getByTestId('check-in-result');
        await page.getByLabel(codeLabel, { exact: true }).fill(ticketCode);
        await page.getByRole('region', { name: scanRegion }).getByRole('button', { name: submit, exact: true }).click();
        await result.getByText(checkedIn, { exact: true }).waitFor(SLOW);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.getByRole('button', { name: undo }).click(SLOW);
        await page.getByText(toast).first().waitFor(SLOW);
        await expect.poll(() => page.getByRole('button', { name: undo }).count(), SLOW).toBe(0);
        const { data } = await grace.from('tickets').select('checked_in_at').eq('id', ticketId).single();
        expect(data!.checked_in_at).toBeNull();
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.evaluate(() => localStorage.removeItem('gather.locale')).catch(() => {});
        await context.close();
      }
    });
  }
});
