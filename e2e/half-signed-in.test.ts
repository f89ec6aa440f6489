import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, ENGINES_SLUG, ENGINES_TITLE, heading } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Issue 30 item 4 (decision 0264): after the password of an account with a second factor, the
// app shows nobody signed in — no header, no "Signed in" — until the code is given; meanwhile
// its pages ask for data as a visitor (the database answers an aal1 session of such an account
// nothing, decision 0262), and once the code is given the header, the toast and the event
// page's private channel follow the aal2 session.

const app = useApp();
const secrets: Record<string, string> = {};
const ACCOUNTS = { 360: 'alan@example.com', 1280: 'tim@example.com' } as const;

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const code = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

beforeAll(async () => {
  // The factor is added through the auth API (the Settings screen has its own tests).
  for (const email of Object.values(ACCOUNTS)) {
    const client = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const signedIn = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (signedIn.error) throw signedIn.error;
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (error) throw error;
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: code(data.totp.secret) });
    if (verified.error) throw verified.error;
    secrets[email] = data.totp.secret;
  }
});

/** The access token the app holds (supabase-js keeps the session in localStorage). */
const heldToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? ((JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '') : '';
  });

const header = (page: Page) => page.getByRole('banner');

/** Nobody shown signed in: "Sign in" in the header, no "Sign out", no "Signed in" toast. */
async function expectNobodySignedIn(page: Page): Promise<void> {
  await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
  expect(await header(page).getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  expect(await page.getByText('Signed in', { exact: true }).count()).toBe(0);
}

/** Every Authorization header the page sent to the data APIs (REST, storage, functions). */
function dataAuthorizations(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/(rest|storage|functions)\/v1\//.test(r.url())) seen.push(r.headers()['authorization'] ?? '');
  });
  return seen;
}

type Joins = { tokens: string[]; accepted: boolean; reset(): void };

/** The access tokens of the event channel's joins, and whether the server accepted one since `reset()`. */
function eventChannelJoins(page: Page): Joins {
  const joins: Joins = {
    tokens: [],
    accepted: false,
    reset() {
      joins.tokens = [];
      joins.accepted = false;
    },
  };
  const read = (text: string) => {
    const m = JSON.parse(text) as unknown;
    const [, , topic, event, payload] = Array.isArray(m) ? m : [null, null, (m as { topic: string }).topic, (m as { event: string }).event, (m as { payload: unknown }).payload];
    return { topic: String(topic), event: String(event), payload: payload as { access_token?: string; status?: string } };
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      const f = read(String(payload));
      if (f.topic.startsWith('realtime:event:') && f.event === 'phx_join') joins.tokens.push(f.payload.access_token ?? '');
    });
    ws.on('framereceived', ({ payload }) => {
      const f = read(String(payload));
      if (f.topic.startsWith('realtime:event:') && f.event === 'phx_reply' && f.payload.status === 'ok') joins.accepted = true;
    });
  });
  return joins;
}

describe('nobody is shown signed in until the second step is done (issue 30)', () => {
  for (const width of [360, 1280] as const) {
    it(`at ${width} px: no header or toast at the code step, visitor data elsewhere, everything once the code is given`, async () => {
      const email = ACCOUNTS[width];
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const sent = dataAuthorizations(page);
      const joins = eventChannelJoins(page);
      const origin = app.server.url;

      await page.goto(`${origin}/auth/sign-in?next=%2Fsettings`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
      await expectNobodySignedIn(page);
      const halfToken = await heldToken(page);
      expect(halfToken).not.toBe('');
      expect(await seriousA11yViolations(page), `the code step at ${width} px`).toEqual([]);

      // Another page meanwhile: a visitor's, with a visitor's data (not the empty answers the
      // database gives the aal1 token).
      await page.goto(`${origin}/events/${ENGINES_SLUG}`);
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
      await expectNobodySignedIn(page);
      // Its live channel too is joined as a visitor's.
      await expect.poll(() => joins.accepted, { timeout: 15_000 }).toBe(true);
      expect(new Set(joins.tokens)).toEqual(new Set([app.server.keys.anonKey]));
      await page.goto(origin);
      await page.getByText(ENGINES_TITLE).first().waitFor({ timeout: 15_000 });
      await expectNobodySignedIn(page);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((a) => a === `Bearer ${halfToken}`)).toEqual([]);

      // A page for members sends back to the code step, which is still there.
      await page.goto(`${origin}/settings`);
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/settings');
      await expectNobodySignedIn(page);

      // The code (the one used to enrol is spent; the next step is accepted).
      await page.getByLabel('Code from your authenticator app').fill(code(secrets[email]!, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Signed in', { exact: true }).first().waitFor({ timeout: 15_000 });
      await header(page).getByRole('button', { name: 'Sign out', includeHidden: true }).waitFor({ state: 'attached' });
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/settings');
      const fullToken = await heldToken(page);
      expect(fullToken).not.toBe(halfToken);

      // The event page's private channel is joined with the aal2 token, and accepted.
      joins.reset();
      await header(page).getByRole('link', { name: 'Gather' }).click();
      await page.getByText(ENGINES_TITLE).first().click();
      await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(ENGINES_TITLE);
      await expect.poll(() => joins.accepted, { timeout: 15_000 }).toBe(true);
      expect(joins.tokens.at(-1)).toBe(fullToken);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
