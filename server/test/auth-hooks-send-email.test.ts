import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 1 (decision 0235): with [auth.hook.send_email] / [auth.hook.send_sms] on,
// Auth sends nothing itself and hands the codes to the hook; an app's own link built from
// token_hash (the server-side /auth/confirm flow) signs in through verifyOtp.

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-send-hooks-'));
  writeFileSync(
    join(dir, 'config.toml'),
    `[auth]\nsite_url = "http://localhost:3000"\nadditional_redirect_urls = ["http://localhost:3000/**"]\n` +
      `[auth.email]\nenable_confirmations = true\ndouble_confirm_changes = true\nmax_frequency = "0s"\n` +
      `[auth.sms]\nenable_signup = true\nenable_confirmations = true\nmax_frequency = "0s"\n` +
      `[auth.mfa.phone]\nenroll_enabled = true\nverify_enabled = true\nmax_frequency = "0s"\n` +
      `[auth.email.notification.password_changed]\nenabled = true\n${toml}`,
  );
  return dir;
}

const HOOK_SQL = `
create table public.hook_calls (id serial primary key, kind text, event jsonb);
grant insert on public.hook_calls to supabase_auth_admin;
grant usage on sequence public.hook_calls_id_seq to supabase_auth_admin;
create function public.send_email(event jsonb) returns jsonb language plpgsql as $$
begin
  if (event->'user'->>'email') like '%@refused.example' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 429, 'message', 'Mail provider is over its quota'));
  end if;
  insert into public.hook_calls (kind, event) values ('email', event);
  return '{}'::jsonb;
end;
$$;
create function public.send_sms(event jsonb) returns jsonb language plpgsql as $$
begin
  insert into public.hook_calls (kind, event) values ('sms', event);
  return '{}'::jsonb;
end;
$$;
grant execute on function public.send_email, public.send_sms to supabase_auth_admin;
`;

type EmailEvent = {
  metadata: { name: string };
  user: { id: string; email: string; new_email?: string };
  email_data: Record<string, string>;
};

const password = 'correct horse battery';
const stamp = Date.now();
let n = 0;
const newEmail = (domain = 'example.com') => `send${++n}-${stamp}@${domain}`;

describe(`send_email and send_sms hooks, pg-functions (${driverName})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      project: projectWith(
        '[auth.hook.send_email]\nenabled = true\nuri = "pg-functions://postgres/public/send_email"\n' +
          '[auth.hook.send_sms]\nenabled = true\nuri = "pg-functions://postgres/public/send_sms"\n',
      ),
      rateLimitSignInSignUps: '1000',
      rateLimitTokenVerifications: '1000',
      rateLimitEmailSent: '1000',
      rateLimitSmsSent: '1000',
      rateLimitMfa: '1000',
    });
    await s.db.exec(HOOK_SQL);
  });
  afterAll(() => s?.stop());

  async function lastEmail(email: string): Promise<EmailEvent> {
    const { rows } = await s.db.query<{ event: EmailEvent }>(
      `select event from public.hook_calls where kind = 'email' and (event->'user'->>'email' = $1 or event->'user'->>'new_email' = $1) order by id desc limit 1`,
      [email],
    );
    return rows[0]!.event;
  }
  async function inbox(email: string): Promise<unknown[]> {
    return ((await (await s.fetch(`/_inbox/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages;
  }

  it('hands a sign-up to the hook with GoTrue payload, sends nothing itself, and token_hash confirms server-side', async () => {
    const email = newEmail();
    const signUp = await s.client().auth.signUp({ email, password, options: { emailRedirectTo: 'http://localhost:3000/welcome' } });
    expect(signUp.error).toBeNull();
    const event = await lastEmail(email);
    expect(event.metadata).toMatchObject({ name: 'send-email', ip_address: '127.0.0.1' });
    expect(event.user).toMatchObject({ id: signUp.data.user!.id, email });
    expect(Object.keys(event.email_data).sort()).toEqual(
      ['email_action_type', 'factor_type', 'old_email', 'old_phone', 'provider', 'redirect_to', 'site_url', 'token', 'token_hash', 'token_hash_new', 'token_new'].sort(),
    );
    expect(event.email_data).toMatchObject({
      email_action_type: 'signup',
      redirect_to: 'http://localhost:3000/welcome',
      site_url: s.url.replace(/\/$/, ''),
      token_new: '',
      token_hash_new: '',
    });
    expect(event.email_data.token).toMatch(/^\d{6}$/);
    expect(await inbox(email)).toEqual([]);
    // What an app's /auth/confirm route does with the token_hash from its own link.
    const verified = await s.client().auth.verifyOtp({ token_hash: event.email_data.token_hash!, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('passes the email code too: verifyOtp with email + token signs in', async () => {
    const email = newEmail();
    await s.service().auth.admin.createUser({ email, password, email_confirm: true });
    const sent = await s.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const event = await lastEmail(email);
    expect(event.email_data.email_action_type).toBe('magiclink');
    const { data, error } = await s.client().auth.verifyOtp({ email, token: event.email_data.token!, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();

    await s.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset' });
    const recovery = await lastEmail(email);
    expect(recovery.email_data).toMatchObject({ email_action_type: 'recovery', redirect_to: 'http://localhost:3000/reset' });
    // The link Supabase's send-email hook example builds from the payload.
    const d = recovery.email_data;
    const link = `${d.site_url}/auth/v1/verify?token=${d.token_hash}&type=${d.email_action_type}&redirect_to=${encodeURIComponent(d.redirect_to!)}`;
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/reset#access_token=/);
  });

  it('a hook error reaches the client with its status and message, and nothing is created', async () => {
    const email = newEmail('refused.example');
    const { data, error } = await s.client().auth.signUp({ email, password });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 429, message: 'Mail provider is over its quota' });
    expect((await s.db.query('select id from auth.users where email = $1', [email])).rows).toEqual([]);
  });

  it('an email change is one call with both codes, paired as GoTrue pairs them', async () => {
    const email = newEmail();
    await s.service().auth.admin.createUser({ email, password, email_confirm: true });
    const client = s.client();
    await client.auth.signInWithPassword({ email, password });
    const next = newEmail();
    const before = (await s.db.query<{ c: number }>(`select count(*)::int as c from public.hook_calls`)).rows[0]!.c;
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    expect((await s.db.query<{ c: number }>(`select count(*)::int as c from public.hook_calls`)).rows[0]!.c).toBe(before + 1);
    const event = await lastEmail(next);
    expect(event.user).toMatchObject({ email, new_email: next });
    const d = event.email_data;
    expect(d.email_action_type).toBe('email_change');
    expect(d.token).toMatch(/^\d{6}$/);
    expect(d.token_new).toMatch(/^\d{6}$/);
    // token_hash belongs to the new address, token_hash_new to the current one (GoTrue's pairing).
    const first = await client.auth.verifyOtp({ token_hash: d.token_hash!, type: 'email_change' });
    expect(first.error).toBeNull();
    const second = await client.auth.verifyOtp({ token_hash: d.token_hash_new!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
  });

  it('hands phone codes to send_sms ({ user, sms: { otp, phone } }) and the code signs in', async () => {
    const phone = `1555${String(stamp).slice(-4)}${String(++n).padStart(3, '0')}`;
    const sent = await s.client().auth.signInWithOtp({ phone: `+${phone}` });
    expect(sent.error).toBeNull();
    const { rows } = await s.db.query<{ event: { metadata: { name: string }; user: { phone: string }; sms: Record<string, string> } }>(
      `select event from public.hook_calls where kind = 'sms' and event->'sms'->>'phone' = $1 order by id desc limit 1`,
      [phone],
    );
    const event = rows[0]!.event;
    expect(event.metadata.name).toBe('send-sms');
    expect(event.user.phone).toBe(phone);
    expect(Object.keys(event.sms).sort()).toEqual(['otp', 'phone']);
    expect((await s.db.query('select id from _gather.sms_outbox where to_phone = $1', [phone])).rows).toEqual([]);
    const { data, error } = await s.client().auth.verifyOtp({ phone: `+${phone}`, token: event.sms.otp!, type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('security notices go to the hook too; a refused notice does not undo the change', async () => {
    const email = newEmail();
    await s.service().auth.admin.createUser({ email, password, email_confirm: true });
    const client = s.client();
    await client.auth.signInWithPassword({ email, password });
    expect((await client.auth.updateUser({ password: 'another horse battery' })).error).toBeNull();
    expect((await lastEmail(email)).email_data).toMatchObject({ email_action_type: 'password_changed_notification', token: '', token_hash: '' });

    const refused = newEmail('refused.example');
    await s.service().auth.admin.createUser({ email: refused, password, email_confirm: true });
    const other = s.client();
    await other.auth.signInWithPassword({ email: refused, password });
    expect((await other.auth.updateUser({ password: 'another horse battery' })).error).toBeNull();
    expect((await s.client().auth.signInWithPassword({ email: refused, password: 'another horse battery' })).error).toBeNull();
  });

  it('a phone factor challenge goes to send_sms with sms_type "mfa"', async () => {
    const email = newEmail();
    await s.service().auth.admin.createUser({ email, password, email_confirm: true });
    const client = s.client();
    await client.auth.signInWithPassword({ email, password });
    const phone = `1555${String(stamp).slice(-4)}${String(++n).padStart(3, '0')}`;
    const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}` });
    expect(enrolled.error).toBeNull();
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    const { rows } = await s.db.query<{ event: { sms: Record<string, string> } }>(
      `select event from public.hook_calls where kind = 'sms' and event->'sms'->>'phone' = $1 order by id desc limit 1`,
      [phone],
    );
    expect(rows[0]!.event.sms).toMatchObject({ sms_type: 'mfa', phone });
    const verified = await client.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: rows[0]!.event.sms.otp! });
    expect(verified.error).toBeNull();
  });
});

describe(`send_email over HTTP (${driverName})`, () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const verifier = new Webhook(secret);
  let hook: Server;
  let s: TestServer;
  const seen: EmailEvent[] = [];
  let answer: { status: number; body?: unknown } = { status: 200, body: {} };
  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push(verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as EmailEvent);
        res.statusCode = answer.status;
        if (answer.body !== undefined) res.setHeader('content-type', 'application/json');
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const uri = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/send-email`;
    s = await startTestServer({
      project: projectWith(`[auth.hook.send_email]\nenabled = true\nuri = "${uri}"\nsecrets = "v1,${secret}"\n`),
      rateLimitSignInSignUps: '1000',
      rateLimitTokenVerifications: '1000',
      rateLimitEmailSent: '1000',
    });
  });
  afterAll(async () => {
    await s?.stop();
    hook?.closeAllConnections();
    await new Promise((r) => hook?.close(r));
  });

  it('posts the signed event; a 204 without a body is success', async () => {
    answer = { status: 204 };
    const email = newEmail();
    const { error } = await s.client().auth.signUp({ email, password });
    expect(error).toBeNull();
    const event = seen.at(-1)!;
    expect(event.user.email).toBe(email);
    expect(event.email_data.email_action_type).toBe('signup');
    const verified = await s.client().auth.verifyOtp({ token_hash: event.email_data.token_hash!, type: 'signup' });
    expect(verified.error).toBeNull();
  });

  it("the hook's error object and a failing hook answer in GoTrue's shapes", async () => {
    answer = { status: 200, body: { error: { http_code: 400, message: 'That mailbox does not exist' } } };
    const refused = await s.client().auth.signUp({ email: newEmail(), password });
    expect(refused.error).toMatchObject({ status: 400, message: 'That mailbox does not exist' });
    answer = { status: 500, body: { oops: true } };
    const res = await s.fetch('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: newEmail(), password }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'unexpected_failure', message: expect.stringMatching(/^Error running hook URI: http:\/\/127\.0\.0\.1:\d+\/send-email$/) });
    answer = { status: 200, body: {} };
  });
});
