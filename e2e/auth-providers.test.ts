import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '../server/src/index.ts';
import { startGithubDouble, type GithubDouble } from '../server/test/helpers/github-double.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../server/test/helpers/openid-provider.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { heading, signOutFromHeader } from './support/flows.ts';

// Issue 17 in the browser: "Continue with Google" against a real OpenID provider (oidc-provider,
// standing in for Google's issuer), a second provider (the GitHub double) linked in settings,
// an authenticator app enrolled with codes from `otpauth`, then sign-out and sign-in again,
// which now asks for the code. The providers come from GATHER_AUTH_EXTERNAL_… as in production.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
let server: RunningServer;
let browser: Browser;
let op: TestOpenIdProvider;
let gh: GithubDouble;

beforeAll(async () => {
  const web = process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`;
  if (!existsSync(`${web}/index.html`)) throw new Error(`e2e: ${web} is missing; run \`npm run build -w web\` first`);
  [op, gh] = await Promise.all([startTestOpenIdProvider(), startGithubDouble()]);
  const env = {
    GATHER_AUTH_EXTERNAL_GOOGLE_ENABLED: 'true',
    GATHER_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: op.clientId,
    GATHER_AUTH_EXTERNAL_GOOGLE_SECRET: op.clientSecret,
    GATHER_AUTH_EXTERNAL_GOOGLE_URL: op.issuer,
    GATHER_AUTH_EXTERNAL_GITHUB_ENABLED: 'true',
    GATHER_AUTH_EXTERNAL_GITHUB_CLIENT_ID: gh.clientId,
    GATHER_AUTH_EXTERNAL_GITHUB_SECRET: gh.clientSecret,
    GATHER_AUTH_EXTERNAL_GITHUB_URL: gh.url,
  };
  const config = loadConfig({ project: `${ROOT}supabase`, web, db: 'memory', port: '0', dbPort: 'off', logLevel: 'warn' }, env);
  server = await startServer(config);
  op.allowRedirect(`${server.url}/auth/v1/callback`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all([op?.stop(), gh?.stop()]);
});

const email = `ada-${Date.now()}@example.com`;
let secret = '';

/** The code an authenticator app shows `steps` 30-second steps from now (each code works once). */
const code = (steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function expectAxeClean(page: Page, widths = [360, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `${new URL(page.url()).pathname} at ${width} px`).toEqual([]);
  }
}

/** Logs in at the test provider's own page (its email form), unless its session cookie already did. */
async function loginAtProvider(page: Page): Promise<void> {
  await page.waitForURL((u) => u.origin === op.issuer || u.origin === server.url, { timeout: 15_000 });
  if (new URL(page.url()).origin !== op.issuer) return;
  const field = page.getByLabel('Email');
  if (await field.isVisible()) {
    await field.fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
}

describe('sign-in providers, linked accounts and two-factor (issue 17)', () => {
  it('signs up with Google, links GitHub, turns on two-factor, and signs in again with a code', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    // Script errors anywhere; failed requests to the app's server (the test providers' pages
    // have no favicon), except the one wrong code this test types on purpose.
    const errors = watchPageErrors(page);
    const failed: string[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === server.url && r.status() >= 400) failed.push(`${r.status()} ${u.pathname}`);
    });

    await page.goto(`${server.url}/auth/sign-up`);
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await page.getByRole('button', { name: 'Continue with GitHub' }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page);
    await page.getByRole('button', { name: 'Sign out', includeHidden: true }).waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');

    // Settings: Google is the only way in, so it cannot be disconnected; GitHub can be connected.
    await page.goto(`${server.url}/settings`);
    const accounts = page.getByRole('region', { name: 'Connected accounts' });
    await accounts.getByText(email).waitFor({ timeout: 15_000 });
    await accounts.getByText("This is your only way to sign in, so it can't be disconnected.").waitFor();
    await expectAxeClean(page);

    gh.account({ login: 'ada-gh', name: 'Ada', emails: [{ email: `gh-${email}`, primary: true, verified: true }] });
    await accounts.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL((u) => u.origin === gh.url, { timeout: 15_000 });
    await page.getByLabel('Username').fill('ada-gh');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/settings', { timeout: 15_000 });
    const linked = page.getByRole('region', { name: 'Connected accounts' });
    await linked.getByText(`gh-${email}`).waitFor({ timeout: 15_000 });
    expect(await linked.getByRole('button', { name: /^Disconnect/ }).count()).toBe(2);

    // Two-factor: the QR code and its key; the key goes into "the app" (otpauth).
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await twoFactor.getByRole('img', { name: 'QR code to add Gather to your authenticator app' }).waitFor();
    secret = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAxeClean(page);
    await twoFactor.getByLabel('Code from your authenticator app').fill('000000' === code() ? '111111' : '000000');
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByText('That code is wrong or has expired. Try the newest one.').waitFor();
    await twoFactor.getByLabel('Code from your authenticator app').fill(code());
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByText(/^On\. When you sign in, Gather asks for one of these/).waitFor();
    await twoFactor.getByRole('list', { name: 'Your second factors' }).getByText('Authenticator app').waitFor();

    await signOutFromHeader(page);
    await page.getByText('Signed out').first().waitFor();

    // Again with Google: the provider is not enough any more, the app asks for the code.
    await page.goto(`${server.url}/auth/sign-in?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
    await expectAxeClean(page);
    // The code used to turn it on is spent; the app's next one is accepted (one step of skew).
    await page.getByLabel('Code from your authenticator app').fill(code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');
    await page.getByRole('region', { name: 'Two-factor authentication' }).getByText(/^On\./).waitFor();
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    expect(failed.map((f) => f.replace(/[0-9a-f-]{36}/g, ':id'))).toEqual(['422 /auth/v1/factors/:id/verify']);
    await context.close();
  });

  it('shows no provider buttons when none is configured', async () => {
    const plain = await startServer(loadConfig({ project: `${ROOT}supabase`, web: process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`, db: 'memory', port: '0', dbPort: 'off', logLevel: 'warn' }, {}));
    try {
      const page = await browser.newPage();
      // Counted once the app has the server's answer, so "none" is not just "not yet".
      const answered = page.waitForResponse((r) => r.url().endsWith('/auth/v1/settings'));
      await page.goto(`${plain.url}/auth/sign-in`);
      expect((await answered).status()).toBe(200);
      await page.getByLabel('Password').waitFor();
      expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0);
      await page.close();
    } finally {
      await plain.close();
    }
    // A second whole app (fresh database with the seed) starts in this test.
  }, 240_000);
});
