import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, landOn, memoryStorage, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { followLink, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Gather itself: its supabase/ folder (config.toml, migrations with the profile trigger, seed).
const GATHER = fileURLToPath(new URL('../../supabase', import.meta.url));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project: GATHER, rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000' }, { seed: true });
});
afterAll(() => s.stop());

describe(`auth in the Gather project (${driverName})`, () => {
  it('signs in the seeded demo members (pgcrypto bcrypt hashes)', async () => {
    const client = appClient(s);
    const events = recordEvents(client);
    const { data, error } = await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'gather-demo' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', role: 'admin' });
    await waitForEvent(events, 'SIGNED_IN');
  });

  it("applies Gather's settings: passwords of 8 or more, confirmation by email, a profile per new member", async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const weak = await s.anon().auth.signUp({ email, password: 'short1' });
    expect(weak.error).toMatchObject({ code: 'weak_password', message: 'Password should be at least 8 characters.' });
    const { data, error } = await s.anon().auth.signUp({ email, password: 'long enough', options: { data: { display_name: 'Newcomer' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const { rows } = await s.db.query<{ display_name: string }>('select display_name from public.profiles where id = $1', [data.user!.id]);
    expect(rows).toEqual([{ display_name: 'Newcomer' }]);
    const { location } = await followLink(linkIn(await lastMail(s, email, 'confirmation')));
    expect(location.startsWith(`${s.url}#access_token=`)).toBe(true); // site_url follows the port (decision 0319)
    const page = await landOn(s, location, { storage: memoryStorage(), storageKey: 'sb-gather' });
    await waitForEvent(page.events, 'SIGNED_IN');
  });

  it("mails the confirmation in the language the app signed up in (its config.toml templates), and keeps it on the profile", async () => {
    const email = `nouvelle-${Date.now()}@example.com`;
    const { data, error } = await s.anon().auth.signUp({ email, password: 'assez long', options: { data: { display_name: 'Amélie', locale: 'fr' } } });
    expect(error).toBeNull();
    const mail = await lastMail(s, email, 'confirmation');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Merci de votre inscription.');
    expect(mail.text).toMatch(/Confirmer mon adresse e-mail: http\S+\/auth\/v1\/verify\?/);
    expect(mail.text).toMatch(/Ou saisissez ce code\u00a0: \d{6}/);
    const { rows } = await s.db.query<{ locale: string }>('select locale from public.profiles where id = $1', [data.user!.id]);
    expect(rows).toEqual([{ locale: 'fr' }]);
  });
});
