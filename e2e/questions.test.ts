// Registration questions in Chromium (issue 16): a host adds a required and an optional question
// in the editor, a member RSVPs answering them (refused first without the required answer, in
// the database's words), edits an answer, and the host sees the answers in the guest list and
// the CSV, and still sees an answer to a question deleted afterwards. Axe at phone width on the
// RSVP panel with its questions.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { heading, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const questionsSection = (page: Page) => page.getByRole('region', { name: 'Registration questions' });
const rsvpBox = (page: Page) => page.getByRole('region', { name: 'Attend' });

/** Sonner stacks toasts, the ones behind faded: axe reads them as low contrast. Check once gone. */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
}

async function addQuestion(page: Page, q: { kind: string; label: string; options?: string; required: boolean }) {
  const section = questionsSection(page);
  await section.getByRole('button', { name: 'Add a question' }).click();
  const form = section.getByRole('group', { name: 'New question' });
  await form.getByLabel('Kind of answer').selectOption(q.kind);
  await form.getByLabel('Question', { exact: true }).fill(q.label);
  if (q.options) await form.getByLabel('Options').fill(q.options);
  if (q.required) await form.getByLabel('Required').check();
  await form.getByRole('button', { name: 'Save question' }).click();
  await section.getByText(q.label, { exact: false }).first().waitFor({ timeout: 10_000 });
  await form.waitFor({ state: 'detached', timeout: 10_000 });
}

describe('registration questions', () => {
  it('are added by the host, answered on RSVP, and shown in the guest list and CSV', { timeout: 240_000 }, async () => {
    const { context: hostContext, page: host } = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/events/new');
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Create an event');
    const title = `Robot workshop ${Date.now()}`;
    const day = dayFromNow(12);
    await host.getByLabel('Title').fill(title);
    await host.getByLabel('Starts on').fill(day);
    await host.getByLabel('Start time').fill('18:00');
    await host.getByLabel('Ends on').fill(day);
    await host.getByLabel('End time').fill('20:00');
    await host.getByLabel('Time zone').fill('Europe/Paris');
    await host.getByLabel('Online link').fill('https://meet.example.org/robots');
    await questionsSection(host).getByText('Save the event (a draft is enough)', { exact: false }).waitFor();
    await host.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(title);
    const slug = new URL(host.url()).pathname.split('/')[2]!;

    // The host adds a required and an optional question, then puts the optional one first and back.
    await host.goto(`${app.server.url}/events/${slug}/edit`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe('Edit event');
    await addQuestion(host, { kind: 'single_choice', label: 'T-shirt size', options: 'S\nM\nL', required: true });
    await addQuestion(host, { kind: 'long_text', label: 'Anything we should know?', required: false });
    const items = questionsSection(host).getByRole('list', { name: 'Questions, in the order they are asked' }).getByRole('listitem');
    await expect.poll(() => items.allTextContents()).toEqual([
      expect.stringMatching(/^1\. T-shirt size.*Required · S, M, L/), expect.stringMatching(/^2\. Anything we should know\?.*Optional/),
    ]);
    await questionsSection(host).getByRole('button', { name: 'Move "Anything we should know?" up' }).click();
    await expect.poll(() => items.first().textContent(), { timeout: 10_000 }).toMatch(/^1\. Anything we should know\?/);
    await questionsSection(host).getByRole('button', { name: 'Move "T-shirt size" up' }).click();
    await expect.poll(() => items.first().textContent(), { timeout: 10_000 }).toMatch(/^1\. T-shirt size/);
    await toastsGone(host);
    expect(await seriousA11yViolations(host)).toEqual([]);
    await questionsSection(host).scrollIntoViewIfNeeded();
    await host.screenshot({ path: `${SHOTS}questions-editor-desktop.png` });

    // A member RSVPs on a phone: the required question is asked before anything is sent.
    const { context: fanContext, page: fan } = await newSignedInPage(app.browser, app.server.url, 'linus@example.com', `/events/${slug}`);
    await fan.setViewportSize({ width: 360, height: 780 });
    const box = rsvpBox(fan);
    await box.getByRole('radiogroup', { name: /T-shirt size/ }).waitFor({ timeout: 10_000 });
    // Told before answering that the hosts see who they are (the guest list's CSV carries their email).
    await box.getByText('The hosts see your name and email address.').waitFor();
    await box.getByRole('button', { name: 'RSVP', exact: true }).click();
    await box.getByText('Answer "T-shirt size".').waitFor();
    expect(await box.getByRole('radio', { name: 'S' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(fan)).toEqual([]);
    await fan.screenshot({ path: `${SHOTS}questions-rsvp-phone.png` });
    await box.getByRole('radio', { name: 'M' }).check();
    await box.getByLabel(/Anything we should know\?/).fill('I bring my own soldering iron');
    await box.getByRole('button', { name: 'RSVP', exact: true }).click();
    await box.getByText("You're going.").waitFor({ timeout: 10_000 });
    const mine = box.getByTestId('my-answers');
    await expect.poll(() => mine.textContent(), { timeout: 10_000 }).toBe('T-shirt sizeMAnything we should know?I bring my own soldering iron');

    // Until the start the attendee may change an answer.
    await box.getByRole('button', { name: 'Edit answers' }).click();
    await box.getByRole('radio', { name: 'L' }).check();
    await box.getByRole('button', { name: 'Save answers' }).click();
    await expect.poll(() => box.getByTestId('my-answers').textContent(), { timeout: 10_000 }).toContain('T-shirt sizeL');
    await toastsGone(fan);
    expect(await seriousA11yViolations(fan)).toEqual([]);

    // The host sees the answers in the guest list and in the CSV, one column per question.
    await host.goto(`${app.server.url}/events/${slug}/manage`);
    await expect.poll(() => heading(host), { timeout: 15_000 }).toBe(title);
    const list = host.getByRole('region', { name: 'Guest list' });
    const row = list.getByRole('list', { name: 'Going guests' }).getByRole('listitem').filter({ hasText: '@linus' });
    await expect.poll(() => row.getByTestId('guest-answers').textContent(), { timeout: 10_000 }).toBe(
      // A question keeps its own question mark; a plain label gets a colon (issue 32).
      'T-shirt size:LAnything we should know?I bring my own soldering iron');
    await list.scrollIntoViewIfNeeded();
    await host.screenshot({ path: `${SHOTS}questions-guest-list-desktop.png` });
    const [download] = await Promise.all([host.waitForEvent('download'), list.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    // With each attendee's email address, which the RSVP box told them the hosts see (issue 32).
    expect(lines[0]).toBe("Name,Username,Email,Status,Guests,Checked in (Europe/Paris),RSVP'd at (Europe/Paris),T-shirt size,Anything we should know?");
    expect(lines.find((l) => l.includes(',linus,'))).toMatch(/,linus,linus@example\.com,Going,0,,[\d-]+ [\d:]+,L,I bring my own soldering iron$/);
    await host.setViewportSize({ width: 360, height: 780 });
    await toastsGone(host);
    expect(await seriousA11yViolations(host)).toEqual([]);

    // A question deleted after people answered: its answers stay readable, by their old words.
    await host.setViewportSize({ width: 1280, height: 900 });
    await host.goto(`${app.server.url}/events/${slug}/edit`);
    await questionsSection(host).getByRole('button', { name: 'Delete "Anything we should know?"' }).click({ timeout: 15_000 });
    await host.getByRole('alertdialog', { name: 'Delete this question?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(1);
    await host.goto(`${app.server.url}/events/${slug}/manage`);
    await expect.poll(() => row.getByTestId('guest-answers').textContent(), { timeout: 15_000 }).toBe(
      'T-shirt size:LAnything we should know? (removed question):I bring my own soldering iron');

    await hostContext.close();
    await fanContext.close();
  });
});
