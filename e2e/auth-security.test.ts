import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '../server/src/index.ts';
import { startGithubDouble, type GithubDouble } from '../server/test/helpers/github-double.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, signIn, signOutFromHeader } from './support/flows.ts';

// Issue 17, the security edges in the browser: a connected account can be disconnected only
// while another way to sign in remains; two-factor can be turned off again; and a site admin
// with a verified factor is not an admin at aal1 — /admin asks for the code, the database
// refuses the admin procedure with that token, and both open once the code is given (aal2).

const ROOT = fileURLToPath(new URL('../', import.meta.url));
let server: RunningServer;
let browser: Browser;
let gh: GithubDouble;

beforeAll(async () => {
  const web = process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`;
  if (!existsSync(`${web}/index.html`)) throw new Error(`e2e: ${web} is missing; run \`npm run build -w web\` first`);
  gh = await startGithubDouble();
  const env = {
    GATHER_AUTH_EXTERNAL_GITHUB_ENABLED: 'true',
    GATHER_AUTH_EXTERNAL_GITHUB_CLIENT_ID: gh.clientId,
    GATHER_AUTH_EXTERNAL_GITHUB_SECRET: gh.clientSecret,
    GATHER_AUTH_EXTERNAL_GITHUB_URL: gh.url,
  };
  server = await startServer(loadConfig({ project: `${ROOT}supabase`, web, db: 'memory', port: '0', dbPort: 'off', logLevel: 'warn' }, env));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gh?.stop();
});

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const code = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function expectAxeClean(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 900 });
  expect(await seriousA11yViolations(page), `${new URL(page.url()).pathname} at 360 px`).toEqual([]);
}

/** Settings → Two-factor: set up with the shown key, confirm a code; returns the key. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await twoFactor.getByLabel('Code from your authenticator app').fill(code(secret));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await twoFactor.getByText(/^On\./).waitFor({ timeout: 15_000 });
  return secret;
}

/** The access token the app holds now (supabase-js keeps the session in localStorage). */
async function appAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '' : '';
  });
}

/** Calls an admin procedure with the app's token: the error code, or 'ok'. */
async function suspendAsApp(page: Page, userId: string, suspended: boolean): Promise<string> {
  const token = await appAccessToken(page);
  const client = createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const { error } = await client.rpc('suspend_user', { user_id: userId, suspended, reason: 'e2e aal check' });
  return error ? (error.code ?? error.message) : 'ok';
}

describe('connected accounts, turning two-factor off, and admins at aal2 (issue 17)', () => {
  it('disconnects a provider only while another way to sign in remains', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, 'grace@example.com', '/settings');
    const accounts = page.getByRole('region', { name: 'Connected accounts' });
    // Email and password alone: no Disconnect, and the reason why.
    await accounts.getByText('Email and password').waitFor({ timeout: 15_000 });
    await accounts.getByText("This is your only way to sign in, so it can't be disconnected.").waitFor();
    expect(await accounts.getByRole('button', { name: /^Disconnect/ }).count()).toBe(0);

    gh.account({ login: 'grace-gh', name: 'Grace', emails: [{ email: 'grace-gh@example.com', primary: true, verified: true }] });
    await accounts.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL((u) => u.origin === gh.url, { timeout: 15_000 });
    await page.getByLabel('Username').fill('grace-gh');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/settings', { timeout: 15_000 });
    const linked = page.getByRole('region', { name: 'Connected accounts' });
    await linked.getByText('grace-gh@example.com').waitFor({ timeout: 15_000 });
    await expect.poll(() => linked.getByRole('button', { name: /^Disconnect/ }).count(), { timeout: 10_000 }).toBe(2);
    await expectAxeClean(page);

    // Two ways in: the password one can go; GitHub is then the only one and stays.
    await linked.getByRole('button', { name: 'Disconnect Email and password' }).click();
    await page.getByText('Email and password is disconnected').waitFor({ timeout: 15_000 });
    await expect.poll(() => linked.getByRole('button', { name: /^Disconnect/ }).count(), { timeout: 10_000 }).toBe(0);
    await linked.getByText("This is your only way to sign in, so it can't be disconnected.").waitFor();
    await linked.getByText('GitHub', { exact: true }).waitFor();

    // The server agrees: the last identity is refused even when asked directly.
    const token = await appAccessToken(page);
    const client = createClient(server.url, server.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: user } = await client.auth.getUser(token);
    const last = user.user?.identities?.[0];
    expect(user.user?.identities?.map((i) => i.provider)).toEqual(['github']);
    const refused = await fetch(`${server.url}/auth/v1/user/identities/${last?.identity_id}`, {
      method: 'DELETE',
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error_code?: string }).error_code).toBe('single_identity_not_deletable');
    // The GitHub double's page has no favicon; nothing else may fail.
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('turns two-factor off, after which a password alone signs in again', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, 'linus@example.com', '/settings');
    await turnOnTwoFactor(page);
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText('Two-factor authentication is off').first().waitFor({ timeout: 15_000 });
    await twoFactor.getByText(/^Off\./).waitFor({ timeout: 15_000 });
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await expectAxeClean(page);

    await signOutFromHeader(page);
    await page.getByText('Signed out').first().waitFor();
    // No code asked: the password lands straight on the page.
    await signIn(page, server.url, 'linus@example.com', '/settings');
    expect(await heading(page)).not.toBe('Two-factor authentication');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin with a factor: /admin and the admin procedures ask for the code at aal1, open at aal2', async () => {
    const service = createClient(server.url, server.keys.serviceRoleKey, { auth: { persistSession: false } });
    const { data: listed } = await service.auth.admin.listUsers();
    const target = listed.users.find((u) => u.email === 'linus@example.com');
    expect(target).toBeDefined();

    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.url, 'ada@example.com', '/settings');
    const secret = await turnOnTwoFactor(page);
    await signOutFromHeader(page);
    await page.getByText('Signed out').first().waitFor();

    // Password only (aal1): /admin sends to sign-in, which asks for the code.
    await page.goto(`${server.url}/auth/sign-in`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin');
    // …and not only in the screen: the database refuses the aal1 token (as it refuses every
    // procedure to an aal1 session of an account with a factor, decision 0262).
    expect(await suspendAsApp(page, target!.id, true)).toBe('insufficient_aal');
    await expectAxeClean(page);

    // The code (the one used to turn it on is spent; the next step is accepted).
    await page.getByLabel('Code from your authenticator app').fill(code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Moderation');
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await suspendAsApp(page, target!.id, true)).toBe('ok');
    expect(await suspendAsApp(page, target!.id, false)).toBe('ok');
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
