import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/src/index.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { heading, signIn, signOutFromHeader } from './support/flows.ts';
import { addVirtualAuthenticators, startPasskeyAppServer } from './support/webauthn.ts';

// Issue 17, passkeys in the app: Settings → Passkeys (add, list, remove) and "Sign in with a
// passkey", with Chromium's virtual authenticator over CDP standing in for the device's screen
// lock, as server/test/auth-webauthn does.

let server: RunningServer;
let browser: Browser;
let origin = '';

beforeAll(async () => {
  ({ server, origin } = await startPasskeyAppServer());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectAxeClean(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 900 });
  expect(await seriousA11yViolations(page), `${new URL(page.url()).pathname} at 360 px`).toEqual([]);
}

async function signOut(page: Page): Promise<void> {
  await signOutFromHeader(page);
  await page.getByText('Signed out').first().waitFor();
}

describe('passkeys in the app (issue 17)', () => {
  it('adds a passkey in Settings, signs in with it alone, and removes it', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const { cdp, authenticatorIds: [authenticatorId = ''] } = await addVirtualAuthenticators(page, ['internal']);
    await signIn(page, origin, 'grace@example.com', '/settings');

    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText(/^No passkeys yet\./).waitFor({ timeout: 15_000 });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added').first().waitFor({ timeout: 15_000 });
    const list = passkeys.getByRole('list', { name: 'Your passkeys' });
    await list.getByText(/not used yet$/).waitFor({ timeout: 10_000 });
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await expectAxeClean(page);

    // Signed out, the passkey alone signs in (no email typed), and lands where asked.
    await signOut(page);
    await page.goto(`${origin}/auth/sign-in?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');
    await list.getByText(/last used/).waitFor({ timeout: 15_000 });

    await list.getByRole('button', { name: /^Remove passkey Passkey/ }).click();
    await page.getByText('Passkey removed').first().waitFor({ timeout: 15_000 });
    await passkeys.getByText(/^No passkeys yet\./).waitFor({ timeout: 10_000 });

    // The authenticator still holds the credential, but the server no longer takes it.
    await signOut(page);
    await page.goto(`${origin}/auth/sign-in?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
    await expectAxeClean(page);
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
