import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, followLink, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// A banned (suspended) user gets no session from any email route either, as on GoTrue:
// /verify answers 403 user_banned, and an email link lands with the error in the fragment.
// Password sign-in, refresh and getUser are in auth-password and auth-sessions.
const SITE = 'http://localhost:3000';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    siteUrl: SITE,
    maxFrequency: '0s',
    rateLimitSignInSignUps: '1000',
    rateLimitTokenVerifications: '1000',
  });
});
afterAll(() => s.stop());

let n = 0;
async function bannedUser(): Promise<{ id: string; email: string }> {
  const email = `banned${++n}-${Date.now()}@example.com`;
  const { data, error } = await s.service().auth.admin.createUser({ email, password: 'correct horse', email_confirm: true });
  expect(error).toBeNull();
  return { id: data.user!.id, email };
}
const ban = (id: string) => s.service().auth.admin.updateUserById(id, { ban_duration: '876000h' });

describe(`banned users and email sign-in (${driverName})`, () => {
  it('refuses the code of a magic-link email with 403 user_banned', async () => {
    const { id, email } = await bannedUser();
    expect((await s.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const code = codeIn(await lastMail(s, email, 'magic_link'));
    await ban(id);
    const { data, error } = await s.anon().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toMatchObject({ status: 403, code: 'user_banned', message: 'User is banned' });
    expect(data.session).toBeNull();
  });

  it('lands an email link on the site with user_banned in the fragment, and no tokens', async () => {
    const { id, email } = await bannedUser();
    await s.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const link = linkIn(await lastMail(s, email, 'magic_link'));
    await ban(id);
    const { status, location } = await followLink(link);
    expect(status).toBe(303);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('error_code')).toBe('user_banned');
    expect(fragment.get('error_description')).toBe('User is banned');
    expect(fragment.get('access_token')).toBeNull();
  });

  it('refuses a token hash from generate_link the same way', async () => {
    const { id, email } = await bannedUser();
    const { data } = await s.service().auth.admin.generateLink({ type: 'magiclink', email });
    await ban(id);
    const { error } = await s.anon().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(error).toMatchObject({ status: 403, code: 'user_banned' });
    // No session was made for them along the way.
    const { rows } = await s.db.query('select 1 from auth.sessions where user_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('lets them in again once the ban is lifted', async () => {
    const { id, email } = await bannedUser();
    await ban(id);
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toMatchObject({ status: 400, code: 'user_banned' });
    await s.service().auth.admin.updateUserById(id, { ban_duration: 'none' });
    await s.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const code = codeIn(await lastMail(s, email, 'magic_link'));
    const { data, error } = await s.anon().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(id);
  });
});
