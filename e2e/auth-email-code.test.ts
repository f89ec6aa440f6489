import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanScreen } from './support/layout.ts';
import { useApp } from './support/use-app.ts';

// Issue 32: Auth's emails offer a code beside the link, and the app now has a field for it; and
// "Signed in" follows a sign-in, not every full load of a signed-in page.

const app = useApp();

/** The code in the newest message of `kind` to `to` ("Or enter this code: 123456", in any language). */
async function codeFromInbox(to: string, kind: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: { id: number; kind: string; text: string }[] };
      const newest = messages.filter((m) => m.kind === kind).sort((a, b) => b.id - a.id)[0];
      const text = newest?.text ?? '';
      code = /:\s*\**(\d{6,10})\b/.exec(text)?.[1] ?? '';
      return code;
    }, { timeout: 15_000 })
    .not.toBe('');
  return code;
}

type Words = { name: string; email: string; password: string; create: string; check: string; code: string; confirm: string; signedIn: string };
const EN: Words = {
  name: 'Your name', email: 'Email', password: 'Password', create: 'Create account', check: 'Check your email',
  code: 'Or type the code from the email', confirm: 'Confirm', signedIn: 'Signed in',
};
const FR: Words = {
  name: 'Votre nom', email: 'E-mail', password: 'Mot de passe', create: 'Créer le compte', check: 'Consultez vos e-mails',
  code: 'Ou saisissez le code reçu par e-mail', confirm: 'Confirmer', signedIn: 'Vous êtes connecté',
};

async function signUpWithCode(browser: Browser, locale: string, w: Words, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale });
  const page = await context.newPage();
  await page.goto(`${app.server.url}/auth/sign-up`);
  await page.getByLabel(w.name).fill('Code Typer');
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill('a long password');
  await page.getByRole('button', { name: w.create }).click();
  await page.getByText(w.check).waitFor();

  // Not digits: said at the field, nothing sent.
  await page.getByLabel(w.code).fill('12ab');
  await page.getByRole('button', { name: w.confirm }).click();
  await page.locator('[aria-invalid=true]').waitFor();
  await expectCleanScreen(page);

  await page.getByLabel(w.code).fill(await codeFromInbox(email, 'confirmation'));
  await page.getByRole('button', { name: w.confirm }).click();
  // Confirmed and signed in: the sign-up page moves on to Discover, saying so.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
  await page.getByText(w.signedIn, { exact: true }).first().waitFor();
  return page;
}

describe('the code in Auth\'s emails', () => {
  it('confirms a new account at 360 px, and a full load afterwards says no "Signed in" again', async () => {
    const page = await signUpWithCode(app.browser, 'en-US', EN, `code-${Date.now()}@example.com`);

    // The same session on a wide screen, opened afresh: signed in, and no toast about it. On a
    // page with no first screen (/me) the client is made as the app subscribes, in time to hear
    // supabase-js announce the stored session as SIGNED_IN: where the toast used to come from.
    const wide = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await page.context().storageState() });
    const again = await wide.newPage();
    for (const path of ['/me', '/']) {
      await again.goto(`${app.server.url}${path}`);
      await again.getByRole('button', { name: 'Sign out' }).waitFor();
      await again.waitForTimeout(1500); // the toast would show with the session's first event; give it time to be wrong
      expect(await again.getByText('Signed in', { exact: true }).count(), path).toBe(0);
    }
    await wide.close();
    await page.context().close();
  });

  it('confirms a new account in French from the French email', async () => {
    const page = await signUpWithCode(app.browser, 'fr-FR', FR, `code-fr-${Date.now()}@example.com`);
    await page.context().close();
  });

  it('signs a member in with the code of a sign-in link email', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/auth/sign-in`);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByLabel(EN.code).fill(await codeFromInbox('grace@example.com', 'magic_link'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
    await page.getByText('Signed in', { exact: true }).first().waitFor();
    await context.close();
  });
});
