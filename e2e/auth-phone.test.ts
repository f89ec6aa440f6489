import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '../server/src/index.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { heading } from './support/flows.ts';

// Issue 17, phone sign-in in the app: with `[auth.sms] enable_signup` on (here through
// GATHER_AUTH_SMS_ENABLE_SIGNUP) the sign-in page offers "Use a phone number instead"; the code
// is read from the server's SMS outbox (/_inbox/sms), where texts go when no gateway is set.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const web = process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`;
  if (!existsSync(`${web}/index.html`)) throw new Error(`e2e: ${web} is missing; run \`npm run build -w web\` first`);
  server = await startServer(loadConfig({ project: `${ROOT}supabase`, web, db: 'memory', port: '0', dbPort: 'off', logLevel: 'warn' }, { GATHER_AUTH_SMS_ENABLE_SIGNUP: 'true' }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The newest code texted to `phone` (digits only in the outbox's filter). */
async function codeFromOutbox(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await fetch(`${server.url}/_inbox/sms?to=${phone.replace(/\D/g, '')}`);
      const { messages } = (await res.json()) as { messages: { body: string }[] };
      code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1] ?? '';
      return code;
    }, { timeout: 10_000 })
    .not.toBe('');
  return code;
}

async function expectAxeClean(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 900 });
  expect(await seriousA11yViolations(page), `${new URL(page.url()).pathname} at 360 px`).toEqual([]);
}

describe('phone sign-in in the app (issue 17)', () => {
  it('texts a code to a new number and signs in with it; a wrong code is refused', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const phone = `+35191${String(Date.now()).slice(-7)}`;

    await page.goto(`${server.url}/auth/sign-in?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Use a phone number instead' }).click();
    await page.getByLabel('Phone number').fill('912 345');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText("This isn't a valid number for the country chosen. Check the country and the digits.").waitFor();
    await page.getByLabel('Phone number').fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText(`We texted a code to ${phone}.`).waitFor({ timeout: 15_000 });
    await expectAxeClean(page);
    const code = await codeFromOutbox(phone);

    await page.getByLabel('Code from the text message').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor({ timeout: 15_000 });
    await page.getByLabel('Code from the text message').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('offers no phone sign-in when the server sends no texts', async () => {
    const plain = await startServer(loadConfig({ project: `${ROOT}supabase`, web: process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`, db: 'memory', port: '0', dbPort: 'off', logLevel: 'warn' }, {}));
    try {
      const page = await browser.newPage();
      const answered = page.waitForResponse((r) => r.url().endsWith('/auth/v1/settings'));
      await page.goto(`${plain.url}/auth/sign-in`);
      expect((await answered).status()).toBe(200);
      await page.getByLabel('Password').waitFor();
      await page.getByRole('button', { name: 'Email me a sign-in link instead' }).waitFor();
      expect(await page.getByRole('button', { name: 'Use a phone number instead' }).count()).toBe(0);
      await page.close();
    } finally {
      await plain.close();
    }
  }, 240_000);
});
