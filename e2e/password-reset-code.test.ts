// Issue 32: the password-reset email offers a code beside its link, and the app has a field for
// it: typed after "Send reset link", it opens the reset screen as the link would; the new password
// then signs in. English at 360 px and French at 1280 px, axe clean.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { expectCleanScreen } from './support/layout.ts';
import { DEMO_PASSWORD } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };

/** The code in the newest message of `kind` to `to` ("Or enter this code: 123456", in any language). */
async function codeFromInbox(to: string, kind: string): Promise<string> {
  let code = '';
  await expect.poll(async () => {
    const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { id: number; kind: string; text: string }[] };
    const newest = messages.filter((m) => m.kind === kind).sort((a, b) => b.id - a.id)[0];
    code = /:\s*\**(\d{6,10})\b/.exec(newest?.text ?? '')?.[1] ?? '';
    return code;
  }, SLOW).not.toBe('');
  return code;
}

type Words = { email: string; send: string; check: string; code: string; go: string; title: string; password: string; repeat: string; change: string; done: string };
const EN: Words = {
  email: 'Email', send: 'Send reset link', check: 'Check your email', code: 'Or type the code from the email', go: 'Continue',
  title: 'Choose a new password', password: 'New password', repeat: 'Repeat the new password', change: 'Change password', done: 'Your password is changed.',
};
const FR: Words = {
  email: 'E-mail', send: 'Envoyer le lien', check: 'Consultez vos e-mails', code: 'Ou saisissez le code reçu par e-mail', go: 'Continuer',
  title: 'Choisissez un nouveau mot de passe', password: 'Nouveau mot de passe', repeat: 'Répétez le nouveau mot de passe',
  change: 'Changer le mot de passe', done: 'Votre mot de passe est modifié.',
};

describe('the code in the password-reset email', () => {
  for (const [locale, width, w] of [['en-US', 360, EN], ['fr-FR', 1280, FR]] as const) {
    it(`opens the reset screen and sets a new password that signs in (${locale}, ${width} px)`, async () => {
      const email = `reset-${locale}-${Date.now()}@example.com`;
      const admin = createClient(app.server.url, app.server.keys.serviceRoleKey, { auth: { persistSession: false } });
      const made = await admin.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true });
      expect(made.error).toBeNull();
      const context = await app.browser.newContext({ viewport: { width, height: 900 }, locale });
      try {
        const page = await context.newPage();
        await page.goto(`${app.server.url}/auth/forgot-password`);
        await page.getByLabel(w.email).fill(email);
        await page.getByRole('button', { name: w.send }).click();
        await page.getByText(w.check).waitFor(SLOW);

        // Not digits: said at the field, nothing sent.
        await page.getByLabel(w.code).fill('12ab');
        await page.getByRole('button', { name: w.go }).click();
        await page.locator('[aria-invalid=true]').waitFor();
        await expectCleanScreen(page);

        await page.getByLabel(w.code).fill(await codeFromInbox(email, 'recovery'));
        await page.getByRole('button', { name: w.go }).click();
        await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/auth/reset-password');
        await page.getByRole('heading', { name: w.title }).waitFor(SLOW);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.getByLabel(w.password, { exact: true }).fill('a brand new password');
        await page.getByLabel(w.repeat).fill('a brand new password');
        await page.getByRole('button', { name: w.change }).click();
        await page.getByText(w.done).first().waitFor(SLOW);

        // The new password is the account's now; the old one is not.
        const anon = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
        expect((await anon.auth.signInWithPassword({ email, password: DEMO_PASSWORD })).error).not.toBeNull();
        expect((await anon.auth.signInWithPassword({ email, password: 'a brand new password' })).error).toBeNull();
      } finally {
        await context.close();
      }
    });
  }
});
