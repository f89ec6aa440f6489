import { describe, expect, it } from 'vitest';
import { useApp } from './support/use-app.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { heading, signIn } from './support/flows.ts';
import { linkFromInbox } from './support/inbox.ts';

const app = useApp();

describe('auth screens', () => {
  for (const path of ['/auth/sign-in', '/auth/sign-up', '/auth/forgot-password']) {
    it(`${path} has no serious a11y issue, also with validation messages shown`, async () => {
      const context = await app.browser.newContext({ viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      await page.goto(app.server.url + path);
      await page.locator('form button[type=submit]').click();
      await page.locator('[aria-invalid=true]').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('sends a signed-out visitor of a protected page to sign-in and back, and says why a sign-in failed', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/events/new`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in');
    expect(new URL(page.url()).search).toBe('?next=%2Fevents%2Fnew');

    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByRole('alert').first().textContent()).toBe("That email and password don't match an account.");

    await page.getByLabel('Password').fill('gather-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Create an event');
    await page.getByText('Signed in').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/events/new');
    await page.close();
  });

  it('signs a new member up, confirms from the inbox and signs them in', async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/auth/sign-up`);
    await page.getByLabel('Your name').fill('New Comer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email').waitFor();

    await page.goto(await linkFromInbox(app.server.url, email, 'confirmation'));
    // /auth/callback reads the session from the link and moves on to Discover.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.close();
  });

  it('recovers a forgotten password through the emailed link', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/auth/forgot-password`);
    await page.getByLabel('Email').fill('hedy@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();

    // The link signs Hedy in with PASSWORD_RECOVERY, which opens the reset screen.
    await page.goto(await linkFromInbox(app.server.url, 'hedy@example.com', 'recovery'));
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Repeat the new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await page.goto(`${app.server.url}/auth/sign-in`);
    await page.getByLabel('Email').fill('hedy@example.com');
    await page.getByLabel('Password').fill('brand new secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.close();
  });

  it('keeps the session across a reload and signs out from the header', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.server.url, 'alan@example.com');
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    await context.close();
  });
});
