import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landOn, memoryStorage, waitForEvent } from './helpers/auth-clients.ts';
import { followLink, inbox, lastMail, linkIn } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const SITE = 'http://localhost:3000';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ enableConfirmations: 'true', siteUrl: SITE, maxFrequency: '0s', rateLimitSignInSignUps: '1000', rateLimitTokenVerifications: '1000' });
});
afterAll(() => s.stop());

let n = 0;
const newEmail = () => `admin${++n}-${Date.now()}@example.com`;

async function adminFetch(path: string, init: RequestInit = {}, key = s.keys.serviceRoleKey) {
  const res = await s.fetch(`/auth/v1${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...init.headers },
  });
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
}

describe(`admin users API (${driverName})`, () => {
  it('creates users: confirmed or not, with metadata and an email identity; refuses duplicates', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    const { data, error } = await admin.createUser({
      email,
      password: 'correct horse',
      email_confirm: true,
      user_metadata: { name: 'Grace' },
      app_metadata: { role: 'admin' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      user_metadata: { name: 'Grace' },
      app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();

    const dup = await admin.createUser({ email, password: 'whatever' });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
    const unconfirmed = await admin.createUser({ email: newEmail() });
    expect(unconfirmed.data.user!.email_confirmed_at).toBeUndefined();
    expect((await admin.createUser({})).error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('lists users newest first with X-Total-Count and Link, which the client turns into pages', async () => {
    const admin = s.service().auth.admin;
    for (let i = 0; i < 3; i++) await admin.createUser({ email: newEmail() });
    const { count } = (await s.db.query<{ count: string }>('select count(*)::text as count from auth.users')).rows[0]! as unknown as { count: string };
    const total = Number(count);
    const listed = await admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    const data = listed.data as { users: { created_at: string }[]; total: number; nextPage: number | null; lastPage: number };
    expect(data.users).toHaveLength(2);
    expect(data.total).toBe(total);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBe(Math.ceil(total / 2));
    expect(new Date(data.users[0]!.created_at) >= new Date(data.users[1]!.created_at)).toBe(true);
    const raw = await adminFetch('/admin/users?page=1&per_page=2');
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toBe(
      `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    expect(raw.body).toMatchObject({ aud: 'authenticated' });
  });

  it('gets, updates and deletes by id; refuses non-UUID ids with 400 and unknown ones with 404', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    const { data } = await admin.createUser({ email, password: 'correct horse', email_confirm: true });
    const id = data.user!.id;
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, { user_metadata: { a: 1 }, app_metadata: { plan: 'pro' }, password: 'another secret' });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ user_metadata: { a: 1 }, app_metadata: { plan: 'pro', provider: 'email' } });
    expect((await s.anon().auth.signInWithPassword({ email, password: 'another secret' })).error).toBeNull();
    expect((await admin.updateUserById(id, { password: 'x' })).error).toMatchObject({ status: 422, code: 'weak_password' });

    expect(await adminFetch('/admin/users/not-a-uuid')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await adminFetch('/admin/users/1%27%20or%201=1')).toMatchObject({ status: 400 });
    expect(await adminFetch('/admin/users/00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { code: 'user_not_found', message: 'User not found' } });

    const session = (await s.anon().auth.signInWithPassword({ email, password: 'another secret' })).data.session!;
    const del = await admin.deleteUser(id);
    expect(del.error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await s.anon().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('soft-deletes: the row stays, the account can no longer sign in', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    const { data } = await admin.createUser({ email, password: 'correct horse', email_confirm: true });
    expect((await admin.deleteUser(data.user!.id, true)).error).toBeNull();
    const { rows } = await s.db.query<{ deleted_at: Date | null; email: string | null }>('select deleted_at, email from auth.users where id = $1', [data.user!.id]);
    expect(rows[0]!.deleted_at).toBeTruthy();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('is for the service role only: anon keys and user tokens get 403 not_admin', async () => {
    const { status, body } = await adminFetch('/admin/users', {}, s.keys.anonKey);
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const viaClient = await s.anon().auth.admin.listUsers();
    expect(viaClient.error).toMatchObject({ status: 403, code: 'not_admin' });
    // The secret key maps to the service role, as the Supabase gateway does.
    const secret = createClient(s.url, s.keys.secretKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    expect((await secret.auth.admin.listUsers({ perPage: 1 })).error).toBeNull();
    const publishable = createClient(s.url, s.keys.publishableKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    expect((await publishable.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe(`links and invitations (${driverName})`, () => {
  it('generates links without mailing them: a magic link that signs in, and a recovery link', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    await admin.createUser({ email, email_confirm: true });
    const generated = await admin.generateLink({ type: 'magiclink', email, options: { redirectTo: `${SITE}/home` } });
    expect(generated.error).toBeNull();
    const data = { user: generated.data.user!, properties: generated.data.properties! };
    expect(data.user.email).toBe(email);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', redirect_to: `${SITE}/home` });
    expect(data.properties.email_otp).toMatch(/^\d{6}$/);
    const link = new URL(data.properties.action_link);
    expect(link.searchParams.get('token')).toBe(data.properties.hashed_token);
    expect(await inbox(s, email)).toEqual([]);
    const { location } = await followLink(data.properties.action_link);
    expect(location.startsWith(`${SITE}/home#access_token=`)).toBe(true);

    const rec = await admin.generateLink({ type: 'recovery', email });
    const page = await landOn(s, (await followLink(rec.data.properties!.action_link)).location, { storage: memoryStorage(), storageKey: 'sb-admin-rec' });
    await waitForEvent(page.events, 'PASSWORD_RECOVERY');

    const unknown = await admin.generateLink({ type: 'recovery', email: newEmail() });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('creates the user for a signup link, and refuses a confirmed address', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    const generated = await admin.generateLink({ type: 'signup', email, password: 'correct horse' });
    expect(generated.error).toBeNull();
    const data = { user: generated.data.user!, properties: generated.data.properties! };
    expect(data.user.email_confirmed_at).toBeUndefined();
    await followLink(data.properties.action_link);
    expect((await s.anon().auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
    expect((await admin.generateLink({ type: 'signup', email, password: 'correct horse' })).error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('invites by email: the invitation link signs the new user in', async () => {
    const admin = s.service().auth.admin;
    const email = newEmail();
    const { data, error } = await admin.inviteUserByEmail(email, { data: { team: 'red' }, redirectTo: `${SITE}/welcome` });
    expect(error).toBeNull();
    expect(data.user!.invited_at).toBeTruthy();
    const mail = await lastMail(s, email);
    expect(mail.kind).toBe('invite');
    expect(new URL(linkIn(mail)).searchParams.get('type')).toBe('invite');
    const page = await landOn(s, (await followLink(linkIn(mail))).location, { storage: memoryStorage(), storageKey: 'sb-invite' });
    const signedIn = await waitForEvent(page.events, 'SIGNED_IN');
    expect(signedIn.session?.user).toMatchObject({ email, user_metadata: { team: 'red' } });
    expect((await admin.inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
