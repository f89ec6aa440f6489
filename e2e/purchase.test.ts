import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentsAppServer, type PaymentsAppServer } from './support/app-server.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, heading, signIn } from './support/flows.ts';

// A paid ticket bought end to end (issue 31): the host sets a €5 ticket on the event's Tickets
// page; a buyer on a phone-sized screen picks it in the event page's ticket box, pays on the
// Stripe double's hosted page (the real checkout and stripe-webhook functions, driven by the
// official SDK), and comes back to the order page, which shows the order paid and its ticket.

const TITLE = 'Pasta workshop: fresh tagliatelle';
let app: PaymentsAppServer;
let browser: Browser;
let slug = '';

async function clientFor(username: string): Promise<SupabaseClient> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email: `${username}@example.com`, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  app = await startPaymentsAppServer();
  browser = await launchBrowser();
  // The event itself is made as its host's client would make it; its tickets through the UI.
  const ada = await clientFor('ada');
  const { data: me } = await ada.auth.getUser();
  const startsAt = new Date(Date.now() + 20 * 86_400_000);
  const { data: event, error } = await ada
    .from('events')
    .insert({
      host_id: me.user!.id, title: TITLE, description: 'Flour, eggs and a rolling pin.', category: 'food',
      starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/Rome', venue_name: 'Cucina Comune', lat: 41.8902, lng: 12.4922, capacity: 12,
      status: 'published', visibility: 'public', currency: 'EUR',
    })
    .select('slug')
    .single();
  if (error) throw error;
  slug = event.slug;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(email: string, next: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  // Gather's pages only: the double's hosted page has no favicon (its 401 is Stripe's API answering).
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.location().url.startsWith(app.server.url)) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await signIn(page, app.server.url, email, next);
  return { page, errors };
}

describe('buying a paid ticket', () => {
  it('host sets a €5 ticket, a buyer pays on Stripe’s page and the order page shows the ticket', async () => {
    // The host: Tickets page, one type at €5.
    const host = await signedIn('ada@example.com', `/events/${slug}/tickets`, 1280);
    await expect.poll(() => heading(host.page), { timeout: 15_000 }).toBe(TITLE);
    await host.page.getByRole('button', { name: 'Add a ticket type' }).click();
    const form = host.page.getByRole('group', { name: 'New ticket type' });
    await form.getByLabel('Name').fill('Workshop seat');
    await form.getByLabel('Price (EUR)').fill('5');
    await form.getByRole('button', { name: 'Save ticket type' }).click();
    const types = host.page.getByRole('list', { name: 'Ticket types' });
    await expect.poll(() => types.textContent(), { timeout: 15_000 }).toMatch(/Workshop seat.*€5\.00.*0 sold/);
    expect(host.errors).toEqual([]);

    // The buyer, on a 360 px screen: the event page's ticket box instead of the RSVP.
    const buyer = await signedIn('grace@example.com', `/events/${slug}`, 360);
    const box = buyer.page.getByRole('region', { name: 'Tickets' });
    await box.waitFor({ timeout: 20_000 });
    expect(await buyer.page.getByRole('button', { name: /^RSVP/ }).count()).toBe(0);
    await expect.poll(() => box.getByTestId('ticket-type').textContent()).toMatch(/Workshop seat.*€5\.00/);
    await box.getByLabel('Number of "Workshop seat" tickets').selectOption('1');
    await expect.poll(() => box.textContent()).toMatch(/Total.*€5\.00/);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    // Checkout: the checkout function holds the seat and sends the buyer to Stripe's page.
    await box.getByRole('button', { name: 'Checkout' }).click();
    await buyer.page.waitForURL((url) => url.origin === app.stripe.url && url.pathname.startsWith('/pay/'), { timeout: 30_000 });
    expect(await buyer.page.getByTestId('total').textContent()).toBe('€5.00');
    await buyer.page.getByRole('button', { name: 'Pay' }).click();

    // Back on Gather: the order page follows the webhook to "Paid" and shows one ticket with its QR code.
    await buyer.page.waitForURL((url) => url.origin === app.server.url && url.pathname.startsWith('/orders/'), { timeout: 30_000 });
    const orderId = new URL(buyer.page.url()).pathname.split('/').pop()!;
    await expect.poll(() => heading(buyer.page), { timeout: 15_000 }).toBe(TITLE);
    await buyer.page.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    const tickets = buyer.page.getByTestId('order-ticket');
    await expect.poll(() => tickets.count(), { timeout: 15_000 }).toBe(1);
    await tickets.first().getByRole('img', { name: /^QR code of / }).waitFor({ timeout: 15_000 });
    expect(await tickets.first().getByTestId('ticket-code').textContent()).toMatch(/\S{6,}/);
    expect(await tickets.first().getByRole('button', { name: 'Add ticket 1 to Apple Wallet' }).count()).toBe(1);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(buyer.errors).toEqual([]);

    // What the database says: the order is paid, €5.00, and what Stripe charged.
    const service = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
    const { data: order, error } = await service.from('orders').select('status, amount_total, currency').eq('id', orderId).single();
    if (error) throw error;
    expect(order).toEqual({ status: 'paid', amount_total: 500, currency: 'EUR' });
    const session = [...app.stripe.state.sessions.values()].find((s) => s.client_reference_id === orderId);
    expect(session?.amount_total).toBe(500);
  }, 240_000);
});
