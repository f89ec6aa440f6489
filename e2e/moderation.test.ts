import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, ENGINES_SLUG, heading, newSignedInPage, signIn } from './support/flows.ts';

const app = useApp();

const EVENT_PATH = `/events/${ENGINES_SLUG}`;
// Seeded on that event (supabase/seed.sql).
const ALAN_COMMENT = 'Looking forward to this. Is there parking nearby?';
const GRACE_COMMENT = 'Can I bring my own LEGO Technic?';

const queue = (page: Page) => page.getByRole('list', { name: 'Open reports, oldest first' });
const reportOf = (page: Page, text: string) => queue(page).getByRole('listitem').filter({ hasText: text });
const audit = (page: Page) => page.getByRole('list', { name: 'Latest moderation actions' });

async function openAdmin(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/admin') await page.goto(`${app.server.url}/admin`);
  await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Moderation');
}

/** Hedy reports a comment from her own device. */
async function reportAsHedy(commentText: string, reason: string): Promise<void> {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data: auth, error } = await client.auth.signInWithPassword({ email: 'hedy@example.com', password: DEMO_PASSWORD });
  if (error) throw error;
  const { data: comment } = await client.from('comments').select('id').like('body', `${commentText}%`).single();
  const insert = await client.from('reports').insert({ reporter_id: auth.user.id, target_type: 'comment', target_id: comment!.id, reason });
  if (insert.error) throw insert.error;
}

/** A member (Hedy, Grace) signs in on their own device; the supabase-js client they would use. */
async function memberClient(email: string) {
  const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
  const { data: auth, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return { client, userId: auth.user.id };
}

describe('moderation', () => {
  it('a reported comment is hidden from /admin and disappears live for other viewers', async () => {
    // Margaret reports Alan's comment from the event page.
    const margaret = await newSignedInPage(app.browser, app.server.url, 'margaret@example.com', EVENT_PATH);
    const comment = margaret.page.getByRole('article', { name: 'Comment by Alan Turing' }).filter({ hasText: ALAN_COMMENT });
    await comment.getByRole('button', { name: 'Report' }).click({ timeout: 15_000 });
    const dialog = margaret.page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByLabel('Spam or advertising').check();
    await dialog.getByLabel('Details (optional)').fill('Advertises a car park');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await margaret.page.getByText('Thanks — a moderator will review it.').first().waitFor();

    // Linus is reading the same page.
    const linus = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', EVENT_PATH);
    await linus.page.getByText(ALAN_COMMENT).waitFor({ timeout: 15_000 });

    // Ada, a site admin, finds it in the queue with the reason and who reported it.
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/admin');
    const errors = watchPageErrors(ada.page);
    await openAdmin(ada.page);
    const card = reportOf(ada.page, ALAN_COMMENT);
    await card.waitFor();
    expect(await card.textContent()).toContain('Written by Alan Turing (@alan)');
    await card.getByText('Why it was reported').click();
    await card.getByText('Spam or advertising: Advertises a car park').waitFor();
    expect(await card.getByText('@margaret:').count()).toBe(1);

    // Hide: gone from Linus's page without a reload.
    await card.getByRole('button', { name: 'Hide comment' }).click();
    await ada.page.getByText('The comment is hidden.').first().waitFor();
    await linus.page.getByText(ALAN_COMMENT).waitFor({ state: 'detached', timeout: 10_000 });
    await card.getByText('Hidden', { exact: true }).waitFor();

    // Resolve: off the queue, and both decisions are in the audit trail.
    await card.getByRole('button', { name: 'Resolve' }).click();
    await ada.page.getByText('Resolved the report.').first().waitFor();
    await card.waitFor({ state: 'detached' });
    await audit(ada.page).getByText('Ada Lovelace hid a comment').waitFor();
    await audit(ada.page).getByText('Ada Lovelace resolved the reports on a comment').waitFor();

    // A new report arrives in the open queue live.
    await reportAsHedy(GRACE_COMMENT, 'Off-topic: not about the event');
    await reportOf(ada.page, GRACE_COMMENT).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await margaret.context.close();
    await linus.context.close();
    await ada.context.close();
  });

  it('a suspended member is refused at sign-in with a clear message, until restored', async () => {
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/admin');
    await openAdmin(ada.page);
    const card = reportOf(ada.page, GRACE_COMMENT);
    await card.waitFor({ timeout: 10_000 });

    // The dialog asks why, for the audit trail.
    await card.getByRole('button', { name: 'Suspend author' }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Suspend Grace Hopper?' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Say why, for the audit trail.').waitFor();
    expect(await seriousA11yViolations(ada.page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('Repeated spam in comments');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await ada.page.getByText('Grace Hopper is suspended.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('suspended', { exact: false }).first().waitFor();
    await audit(ada.page).getByText('Ada Lovelace suspended @grace').waitFor();
    await audit(ada.page).getByText('Reason: Repeated spam in comments').waitFor();

    // Grace cannot sign in, and is told why in plain words.
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/auth/sign-in`);
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: "Your account is suspended, so you can't sign in." }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');

    // Restored: she signs in again.
    await card.getByRole('button', { name: 'Restore author' }).click();
    await ada.page.getByRole('dialog', { name: "Lift Grace Hopper's suspension?" }).getByRole('button', { name: 'Restore' }).click();
    await ada.page.getByText('Grace Hopper can use Gather again.').first().waitFor();
    await signIn(page, app.server.url, 'grace@example.com', '/');
    await page.close();
    await ada.context.close();
  });

  it('shows a reported album photo (thumbnail, hidden from the album) and a reported private message (text, both people)', async () => {
    // Hedy reports Grace's picnic photo; Grace reports Ada's message to her (seeded, supabase/seed.sql).
    const hedy = await memberClient('hedy@example.com');
    const { data: photo } = await hedy.client.from('event_album_photos').select('id').eq('caption', 'Sunset over the Tagus').single();
    const photoReport = await hedy.client.from('reports').insert({ reporter_id: hedy.userId, target_type: 'photo', target_id: photo!.id, reason: 'Someone else took it' });
    expect(photoReport.error).toBeNull();
    const grace = await memberClient('grace@example.com');
    const { data: message } = await grace.client.from('direct_messages').select('id').like('body', 'Of course.%').single();
    expect((await grace.client.rpc('report_direct_message', { message_id: message!.id, reason: 'Testing the queue' })).error).toBeNull();

    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/admin');
    await openAdmin(ada.page);
    const photoCard = reportOf(ada.page, 'Someone else took it');
    const thumbnail = photoCard.getByRole('img', { name: 'Reported photo: Sunset over the Tagus' });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await photoCard.getByRole('link', { name: 'Riverside picnic' }).waitFor();
    await photoCard.getByRole('button', { name: 'Hide photo' }).click();
    await ada.page.getByText('The photo is hidden.').first().waitFor();
    await photoCard.getByRole('button', { name: 'Restore photo' }).waitFor();
    const { data: album } = await hedy.client.from('event_album_photos').select('caption').eq('id', photo!.id);
    expect(album).toEqual([]); // hidden from everyone but its uploader and the hosts

    const messageCard = reportOf(ada.page, 'Of course. I will print a copy for everyone.');
    await messageCard.getByText('A private message').waitFor();
    await messageCard.getByText(/Sent by Ada Lovelace to Grace Hopper/).waitFor();
    expect(await messageCard.getByRole('button', { name: /^Hide/ }).count()).toBe(0);
    await ada.context.close();
  });

  it('is for site admins only', async () => {
    const { context, page } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', '/admin');
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Admin');
    await page.getByText('Only site admins can do that.').waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await context.close();
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/');
    await ada.page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Admin' }).click();
    await expect.poll(() => heading(ada.page), { timeout: 15_000 }).toBe('Moderation');
    await ada.context.close();
  });

  for (const width of [360, 1280]) {
    it(`has no serious a11y issue at ${width}px`, async () => {
      const { context, page } = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/admin');
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page);
      await reportOf(page, GRACE_COMMENT).getByText('Why it was reported').click();
      await audit(page).waitFor();
      await expectCleanScreen(page);
      await context.close();
    });
  }
});
