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
// The second test is the "Done when": two tickets with a promo code, the receipt in the
// inbox, and the host refunding one of them from the Sales page.

const TITLE = 'Pasta workshop: fresh tagliatelle';
const TITLE_2 = 'Bread workshop: sourdough from scratch';
let app: PaymentsAppServer;
let browser: Browser;
let slug = '';
let slug2 = '';

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
  const { data: events, error } = await ada
    .from('events')
    .insert([TITLE, TITLE_2].map((title) => ({
      host_id: me.user!.id, title, description: 'Flour, eggs and a rolling pin.', category: 'food',
      starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
      timezone: 'Europe/Rome', venue_name: 'Cucina Comune', lat: 41.8902, lng: 12.4922, capacity: 12,
      status: 'published', visibility: 'public', currency: 'EUR',
    })))
    .select('slug, title');
  if (error) throw error;
  slug = events.find((e) => e.title === TITLE)!.slug;
  slug2 = events.find((e) => e.title === TITLE_2)!.slug;
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

  it('two tickets with a promo code: paid on Stripe’s page, the receipt mailed, and the host refunds one', async () => {
    const service = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
    // The host: a €10 ticket type and a 20 % code on the Tickets page.
    const host = await signedIn('ada@example.com', `/events/${slug2}/tickets`, 1280);
    await expect.poll(() => heading(host.page), { timeout: 15_000 }).toBe(TITLE_2);
    await host.page.getByRole('button', { name: 'Add a ticket type' }).click();
    const form = host.page.getByRole('group', { name: 'New ticket type' });
    await form.getByLabel('Name').fill('Baking bench');
    await form.getByLabel('Price (EUR)').fill('10');
    await form.getByRole('button', { name: 'Save ticket type' }).click();
    await expect.poll(() => host.page.getByRole('list', { name: 'Ticket types' }).textContent(), { timeout: 15_000 }).toMatch(/Baking bench.*€10\.00/);
    await host.page.getByRole('button', { name: 'Add a promo code' }).click();
    const promo = host.page.getByRole('group', { name: 'New promo code' });
    await promo.getByLabel('Code').fill('CRUST20');
    await promo.getByLabel('Discount').selectOption('percent');
    await promo.getByLabel('Percent off').fill('20');
    await promo.getByRole('button', { name: 'Save promo code' }).click();
    await expect.poll(() => host.page.getByRole('list', { name: 'Promo codes' }).textContent(), { timeout: 15_000 }).toMatch(/CRUST20.*20% off/);
    expect(host.errors).toEqual([]);

    // The buyer, at 360 px: two tickets, the code typed in lower case, €20 less 20 % = €16.
    const buyer = await signedIn('grace@example.com', `/events/${slug2}`, 360);
    const box = buyer.page.getByRole('region', { name: 'Tickets' });
    await box.waitFor({ timeout: 20_000 });
    await box.getByLabel('Number of "Baking bench" tickets').selectOption('2');
    await expect.poll(() => box.getByTestId('cart-total').textContent()).toBe('€20.00');
    await box.getByLabel('Promo code').fill('crust20');
    await box.getByRole('button', { name: 'Apply' }).click();
    await box.getByRole('button', { name: 'Remove the code CRUST20' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => box.getByTestId('cart-summary').textContent()).toMatch(/2 × Baking bench.*€20\.00.*Discount \(CRUST20\).*−€4\.00.*Total.*€16\.00/);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    await box.getByRole('button', { name: 'Checkout' }).click();
    await buyer.page.waitForURL((url) => url.origin === app.stripe.url && url.pathname.startsWith('/pay/'), { timeout: 30_000 });
    expect(await buyer.page.getByTestId('total').textContent()).toBe('€16.00');
    await buyer.page.getByRole('button', { name: 'Pay' }).click();

    // The order page: paid, two tickets with their QR codes, the discounted total.
    await buyer.page.waitForURL((url) => url.origin === app.server.url && url.pathname.startsWith('/orders/'), { timeout: 30_000 });
    const orderId = new URL(buyer.page.url()).pathname.split('/').pop()!;
    await buyer.page.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    const tickets = buyer.page.getByTestId('order-ticket');
    await expect.poll(() => tickets.count(), { timeout: 15_000 }).toBe(2);
    for (const ticket of await tickets.all()) await ticket.getByRole('img', { name: /^QR code of / }).waitFor({ timeout: 15_000 });
    await expect.poll(() => buyer.page.getByRole('main').textContent()).toMatch(/CRUST20.*€16\.00/s);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);

    // The receipt, in the server's development inbox: both seats, the code's discount, the total.
    let receipt = '';
    await expect.poll(async () => {
      const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent('grace@example.com')}`);
      const { messages } = (await res.json()) as { messages: { kind: string; subject: string; text: string }[] };
      const mail = messages.find((m) => m.kind === 'order_paid' && m.text.includes(TITLE_2));
      receipt = mail ? `${mail.subject}\n${mail.text}` : '';
      return receipt;
    }, { timeout: 30_000 }).not.toBe('');
    expect(receipt).toMatch(/2 × Baking bench/);
    expect(receipt).toMatch(/CRUST20[^\n]*−€4\.00/);
    expect(receipt).toMatch(/€16\.00/);
    expect(receipt).toContain(`/orders/${orderId}`);

    // The host, on the Sales page: refunds one ticket of Grace's order through the dialog.
    await host.page.goto(`${app.server.url}/events/${slug2}/sales`);
    const order = host.page.getByTestId('sales-order').filter({ hasText: 'Grace Hopper' });
    await order.waitFor({ timeout: 20_000 });
    await expect.poll(() => order.textContent()).toMatch(/2 valid tickets.*€16\.00.*CRUST20/);
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await order.getByRole('button', { name: "Refund Grace Hopper's order" }).click();
    const dialog = host.page.getByRole('alertdialog', { name: "Refund Grace Hopper's order" });
    await dialog.getByLabel('Some tickets').check();
    // The second seat has no holder's name: it reads as the buyer's, never a blank.
    await dialog.getByLabel('Ticket 2 of 2 · Grace Hopper · €8.00', { exact: true }).waitFor();
    await dialog.getByLabel('Ticket 1 of 2 · Grace Hopper · €8.00', { exact: true }).check();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await host.page.getByText('Refunded €8.00.').waitFor({ timeout: 30_000 });
    await expect.poll(() => order.textContent(), { timeout: 15_000 }).toMatch(/1 valid ticket\b.*refunded €8\.00/);
    expect(host.errors).toEqual([]);

    // The buyer's order page: partly refunded, one ticket refunded and one still valid.
    await buyer.page.reload();
    await buyer.page.getByText('Partly refunded', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => tickets.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(async () => (await tickets.allTextContents()).map((x) => /Refunded/.test(x))).toEqual([true, false]);
    await expect.poll(() => buyer.page.getByRole('list', { name: 'Refunds of this order' }).textContent()).toMatch(/€8\.00 refunded on/);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    expect(buyer.errors).toEqual([]);

    // What the database says: one €8 refund of one ticket, that ticket refunded, the other valid.
    const { data: row } = await service.from('orders').select('status, amount_total, amount_discount, amount_refunded, promo_code').eq('id', orderId).single();
    expect(row).toEqual({ status: 'partially_refunded', amount_total: 1600, amount_discount: 400, amount_refunded: 800, promo_code: 'CRUST20' });
    const { data: refunds } = await service.from('order_refunds').select('amount, status, ticket_ids').eq('order_id', orderId);
    const { data: rows } = await service.from('tickets').select('id, position, status').eq('order_id', orderId).order('position');
    expect(rows?.map((r) => r.status)).toEqual(['refunded', 'valid']);
    expect(refunds).toEqual([{ amount: 800, status: 'succeeded', ticket_ids: [rows?.[0]?.id] }]);
  }, 300_000);
});
