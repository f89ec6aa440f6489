import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient } from './helpers/auth-clients.ts';
import { inbox } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 30, item 3, for second factors: TOTP and phone-factor codes are counted per account in
// the database (decision 0258). An attacker who has the password gets an aal1 session and may
// ask for a challenge and answer it from a new address each time; a challenge dies at its
// fifth wrong code, and ten wrong codes in a row lock the account's code factors (429, with
// backoff), challenges included, and email the owner.

let s: TestServer;
beforeAll(async () => {
  const project = mkdtempSync(join(tmpdir(), 'gather-mfa-attempts-'));
  writeFileSync(
    join(project, 'config.toml'),
    `[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true

[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
`,
  );
  s = await startTestServer({ project, trustProxy: '1', rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000', rateLimitEmailSent: '1000' });
});
afterAll(() => s?.stop());

let n = 0;
const run = String(Date.now()).slice(-5);
const password = 'correct horse';
let hosts = 0;
const nextAddress = () => `192.0.2.${(++hosts % 250) + 1}`;

const codeFor = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
/** A 6-digit code no step of the ±1 window accepts. */
function wrongTotp(secret: string, i: number): string {
  const live = new Set([-1, 0, 1].map((k) => codeFor(secret, k)));
  for (let c = 100_000 + i * 7919; ; c++) if (!live.has(String(c))) return String(c);
}

async function post(path: string, token: string, body: Record<string, unknown>, from: string) {
  const res = await s.fetch(`/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: s.keys.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': from,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A challenge and an answer to it, both from `from`, as a client behind that address would. */
async function guess(token: string, factorId: string, code: string, from = nextAddress()) {
  const challenge = await post(`/factors/${factorId}/challenge`, token, {}, from);
  if (challenge.status !== 200) return challenge;
  return post(`/factors/${factorId}/verify`, token, { challenge_id: challenge.body.id, code }, from);
}

const locked = { status: 429, body: { code: 'over_request_rate_limit', message: expect.stringMatching(/^Too many wrong codes\. .* after \d+ seconds\.$/) } };
const wrongCode = { status: 422, body: { code: 'mfa_verification_failed' } };

/** A user with a verified TOTP factor, signed in again with the password only (aal1), as an attacker who knows it. */
async function passwordOnlyOfTotpUser() {
  const email = `mfa-guess${++n}-${run}@example.com`;
  const { data } = await s.service().auth.admin.createUser({ email, password, email_confirm: true });
  const owner = appClient(s);
  await owner.auth.signInWithPassword({ email, password });
  const { data: enrolled } = await owner.auth.mfa.enroll({ factorType: 'totp' });
  const secret = enrolled!.totp.secret;
  expect((await owner.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: codeFor(secret) })).error).toBeNull();
  const attacker = appClient(s);
  const { data: signedIn } = await attacker.auth.signInWithPassword({ email, password });
  expect(decodeJwt(signedIn.session!.access_token).aal).toBe('aal1');
  return { email, id: data.user!.id, factorId: enrolled!.id, secret, token: signedIn.session!.access_token, attacker };
}

describe(`wrong second-factor codes, counted per account (${driverName})`, () => {
  it('kills a TOTP challenge at its fifth wrong code; a new challenge takes the right one', async () => {
    const u = await passwordOnlyOfTotpUser();
    const from = nextAddress();
    const challenge = await post(`/factors/${u.factorId}/challenge`, u.token, {}, from);
    for (let i = 0; i < 5; i++) {
      expect(await post(`/factors/${u.factorId}/verify`, u.token, { challenge_id: challenge.body.id, code: wrongTotp(u.secret, i) }, from)).toMatchObject(wrongCode);
    }
    const right = codeFor(u.secret, 1); // the enrolment spent this step's
    expect(await post(`/factors/${u.factorId}/verify`, u.token, { challenge_id: challenge.body.id, code: right }, from)).toMatchObject({
      status: 422,
      body: { code: 'mfa_challenge_expired' },
    });
    const ok = await guess(u.token, u.factorId, right);
    expect(ok.status).toBe(200);
    expect(decodeJwt(String(ok.body.access_token)).aal).toBe('aal2');
  });

  it('locks the factors after ten wrong codes from ten addresses, refuses challenges meanwhile, and emails the owner', async () => {
    const u = await passwordOnlyOfTotpUser();
    for (let i = 0; i < 9; i++) expect(await guess(u.token, u.factorId, wrongTotp(u.secret, i))).toMatchObject(wrongCode);
    expect(await guess(u.token, u.factorId, wrongTotp(u.secret, 9))).toMatchObject(locked);
    // The right code is not even looked at, and no new challenge is made.
    expect(await guess(u.token, u.factorId, codeFor(u.secret, 1))).toMatchObject(locked);
    const viaClient = await u.attacker.auth.mfa.challengeAndVerify({ factorId: u.factorId, code: codeFor(u.secret, 1) });
    expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const notices = (await inbox(s, u.email)).filter((m) => m.kind === 'code_attempts_locked_notification');
    expect(notices.map((m) => m.subject)).toEqual(['Too many wrong codes for your account']);
    expect(notices[0]!.text).toContain('someone may know your password');

    await s.db.query('update _gather.auth_code_attempts set locked_until = now() where user_id = $1', [u.id]);
    const ok = await guess(u.token, u.factorId, codeFor(u.secret, 1));
    expect(ok.status).toBe(200);
  });

  it('kills a texted second-factor code at its fifth wrong guess', async () => {
    const email = `mfa-phone${++n}-${run}@example.com`;
    await s.service().auth.admin.createUser({ email, password, email_confirm: true });
    const client = appClient(s);
    const { data } = await client.auth.signInWithPassword({ email, password });
    const token = data.session!.access_token;
    const phone = `+1555${run}${String(n).padStart(3, '0')}`;
    const from = nextAddress();
    const factor = await post('/factors', token, { factor_type: 'phone', phone }, from);
    const textedCode = async () => {
      const { messages } = (await (await s.fetch(`/_inbox/sms?to=${phone.slice(1)}`)).json()) as { messages: { body: string }[] };
      return /(\d{6})/.exec(messages[0]!.body)![1]!;
    };
    const challenge = await post(`/factors/${factor.body.id}/challenge`, token, {}, from);
    const code = await textedCode();
    for (let i = 0; i < 5; i++) {
      const other = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect(await post(`/factors/${factor.body.id}/verify`, token, { challenge_id: challenge.body.id, code: other }, from)).toMatchObject({
        status: 422,
        body: { code: 'mfa_verification_failed', message: 'Invalid MFA Phone code entered' },
      });
    }
    expect(await post(`/factors/${factor.body.id}/verify`, token, { challenge_id: challenge.body.id, code }, from)).toMatchObject({
      status: 422,
      body: { code: 'mfa_challenge_expired' },
    });
    const { rows } = await s.db.query('select otp_code from auth.mfa_challenges where id = $1', [challenge.body.id]);
    expect(rows).toEqual([{ otp_code: null }]);
    const again = await post(`/factors/${factor.body.id}/challenge`, token, {}, from);
    const fresh = await textedCode();
    expect((await post(`/factors/${factor.body.id}/verify`, token, { challenge_id: again.body.id, code: fresh }, from)).status).toBe(200);
  });
});
