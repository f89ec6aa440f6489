import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendViaGateway } from '../src/mail/sms-delivery.ts';
import { appClient, recordEvents, waitForEvent } from './helpers/auth-clients.ts';
import { MESSAGEBIRD, startSmsGatewayDouble, TWILIO, VONAGE, type SmsGatewayDouble } from './helpers/sms-gateway-double.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let s: TestServer;
let gw: SmsGatewayDouble;
const TEST_NUMBER = '15550001111';

beforeAll(async () => {
  gw = await startSmsGatewayDouble();
  const project = mkdtempSync(join(tmpdir(), 'gather-phone-'));
  writeFileSync(
    join(project, 'config.toml'),
    `[auth.sms]
enable_signup = true
enable_confirmations = true
template = "Your Gather code is {{ .Code }}"
max_frequency = "0s"

[auth.sms.test_otp]
"${TEST_NUMBER}" = "424242"

[auth.sms.twilio]
enabled = true
account_sid = "${TWILIO.accountSid}"
message_service_sid = "${TWILIO.messageServiceSid}"
auth_token = "${TWILIO.authToken}"
api_url = "${gw.url}"

[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
`,
  );
  s = await startTestServer({ project, rateLimitSignInSignUps: '1000', rateLimitTokenRefresh: '1000', rateLimitTokenVerifications: '1000', rateLimitMfa: '1000' });
});
afterAll(async () => {
  await s?.stop();
  await gw?.stop();
});

let n = 0;
/** A fresh number in the US 555 range, as +1555… */
const run = String(Date.now()).slice(-4);
const newPhone = () => `+1555${run}${String(++n).padStart(3, '0')}`;
const digits = (p: string) => p.replace(/^\+/, '');
const password = 'correct horse';

async function confirmedPhoneUser() {
  const phone = newPhone();
  const mark = gw.sent.length;
  await s.anon().auth.signUp({ phone, password });
  const code = await gw.codeFor(phone, mark);
  const { data } = await s.anon().auth.verifyOtp({ phone, token: code, type: 'sms' });
  return { phone, user: data.user! };
}

describe(`phone sign-up and sign-in by text message (${driverName})`, () => {
  it('reports the phone provider and its gateway in /settings', async () => {
    const settings = await (await s.fetch('/auth/v1/settings')).json();
    expect(settings).toMatchObject({ external: { phone: true }, phone_autoconfirm: false, sms_provider: 'twilio' });
    // Gather's addition (decision 0152): which second factors the app may offer.
    expect((settings as { mfa: unknown }).mfa).toEqual({
      totp: { enroll_enabled: false, verify_enabled: false },
      phone: { enroll_enabled: true, verify_enabled: true },
      web_authn: { enroll_enabled: false, verify_enabled: false },
    });
  });

  it('signs up with phone and password: a code by Twilio, then a session once verified', async () => {
    const phone = newPhone();
    const mark = gw.sent.length;
    const { data, error } = await s.anon().auth.signUp({ phone, password, options: { data: { name: 'Pat' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ phone: digits(phone), app_metadata: { provider: 'phone' }, user_metadata: { name: 'Pat' } });
    const code = await gw.codeFor(phone, mark);
    expect(gw.sent.at(-1)).toMatchObject({ provider: 'twilio', from: TWILIO.messageServiceSid, body: `Your Gather code is ${code}` });
    expect((await s.anon().auth.signInWithPassword({ phone, password })).error).toMatchObject({ code: 'phone_not_confirmed' });

    const client = appClient(s);
    const events = recordEvents(client);
    const verified = await client.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(verified.error).toBeNull();
    await waitForEvent(events, 'SIGNED_IN');
    expect(verified.data.user!.phone_confirmed_at).toBeTruthy();
    expect(verified.data.user!.identities!.map((i) => [i.provider, i.identity_data!.phone_verified])).toEqual([['phone', true]]);
    expect((decodeJwt(verified.data.session!.access_token).amr as { method: string }[])[0]!.method).toBe('otp');
    const signIn = await s.anon().auth.signInWithPassword({ phone, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user!.id).toBe(verified.data.user!.id);
    // The message left the outbox through the gateway.
    const outbox = (await (await s.fetch(`/_inbox/sms?to=${digits(phone)}`)).json()) as { messages: { status: string; kind: string }[] };
    expect(outbox.messages[0]).toMatchObject({ kind: 'confirmation', status: 'sent' });
    // And the development inbox shows it, as it shows mail.
    expect(await (await s.fetch(`/_inbox?to=${digits(phone)}`)).text()).toContain(`Your Gather code is ${code}`);
  });

  it('signs in with a one-time code (signInWithOtp), and refuses a wrong or reused one', async () => {
    const { phone, user } = await confirmedPhoneUser();
    const mark = gw.sent.length;
    const { data, error } = await s.anon().auth.signInWithOtp({ phone });
    expect(error).toBeNull();
    expect(data.messageId).toMatch(/^\d+$/);
    const code = await gw.codeFor(phone, mark);
    const wrong = await s.anon().auth.verifyOtp({ phone, token: code === '000000' ? '111111' : '000000', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const ok = await s.anon().auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(ok.data.user!.id).toBe(user.id);
    expect((await s.anon().auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toMatchObject({ code: 'otp_expired' });
  });

  it('answers [auth.sms.test_otp] numbers with their fixed code and texts nothing', async () => {
    const mark = gw.sent.length;
    expect((await s.anon().auth.signInWithOtp({ phone: `+${TEST_NUMBER}` })).error).toBeNull();
    const { data, error } = await s.anon().auth.verifyOtp({ phone: `+${TEST_NUMBER}`, token: '424242', type: 'sms' });
    expect(error).toBeNull();
    expect(data.user!.phone).toBe(TEST_NUMBER);
    expect(gw.sent.slice(mark).filter((m) => m.to === TEST_NUMBER)).toEqual([]);
  });

  it('refuses malformed numbers, unknown ones without create_user, and an unknown number on verify', async () => {
    expect((await s.anon().auth.signInWithOtp({ phone: '12ab' })).error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    expect((await s.anon().auth.signInWithOtp({ phone: newPhone(), options: { shouldCreateUser: false } })).error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect((await s.anon().auth.verifyOtp({ phone: '+15559999999', token: '123456', type: 'sms' })).error).toMatchObject({ status: 403, message: 'Token has expired or is invalid' });
  });

  it('changes the number after a code to the new one (phone_change)', async () => {
    const { phone } = await confirmedPhoneUser();
    const client = appClient(s);
    await client.auth.signInWithPassword({ phone, password });
    const next = newPhone();
    const mark = gw.sent.length;
    const { data, error } = await client.auth.updateUser({ phone: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ phone: digits(phone), new_phone: digits(next) });
    const code = await gw.codeFor(next, mark);
    const verified = await client.auth.verifyOtp({ phone: next, token: code, type: 'phone_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.phone).toBe(digits(next));
  });

  it('keeps a refused message in the outbox with the gateway\'s error, for a retry', async () => {
    const phone = newPhone();
    gw.refuse.add(digits(phone));
    await s.anon().auth.signUp({ phone, password });
    let row: { status: string; last_error: string | null } | undefined;
    for (let i = 0; i < 200 && !row?.last_error; i++) {
      row = (await s.db.query<{ status: string; last_error: string | null }>('select status, last_error from _gather.sms_outbox where to_phone = $1', [digits(phone)])).rows[0];
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.last_error).toMatch(/^twilio error: The 'To' number .* is not a valid phone number\. \(code: 21211\)$/);
  });

  it('enrolls a phone as a second factor: a texted code raises the session to aal2 (mfa/phone)', async () => {
    const { phone } = await confirmedPhoneUser();
    const client = appClient(s);
    await client.auth.signInWithPassword({ phone, password });
    const factorPhone = newPhone();
    const { data: f, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: factorPhone });
    expect(error).toBeNull();
    expect(f).toMatchObject({ type: 'phone', phone: factorPhone });
    const mark = gw.sent.length;
    const { data: c } = await client.auth.mfa.challenge({ factorId: f!.id });
    const code = await gw.codeFor(factorPhone, mark);
    expect((await client.auth.mfa.verify({ factorId: f!.id, challengeId: c!.id, code: code === '000000' ? '111111' : '000000' })).error).toMatchObject({ code: 'mfa_verification_failed' });
    const { data, error: vErr } = await client.auth.mfa.verify({ factorId: f!.id, challengeId: c!.id, code });
    expect(vErr).toBeNull();
    const claims = decodeJwt(data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[])[0]!.method).toBe('mfa/phone');
  });
});

describe('SMS gateways (their documented send endpoints, against a local double)', () => {
  const message = { to_phone: '15557654321', body: 'Your code is 123456', channel: 'sms' };

  it('sends through Vonage and MessageBird, and reports their refusals', async () => {
    const vonage = { name: 'vonage' as const, apiUrl: gw.url, credentials: VONAGE };
    const bird = { name: 'messagebird' as const, apiUrl: gw.url, credentials: MESSAGEBIRD };
    expect(await sendViaGateway(vonage, message)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sendViaGateway(bird, message)).toMatch(/^[0-9a-f]{32}$/);
    expect(gw.sent.slice(-2).map((m) => [m.provider, m.to, m.from, m.body])).toEqual([
      ['vonage', '15557654321', 'Gather', 'Your code is 123456'],
      ['messagebird', '15557654321', 'Gather', 'Your code is 123456'],
    ]);
    gw.refuse.add('15550000000');
    const refused = { ...message, to_phone: '15550000000' };
    await expect(sendViaGateway(vonage, refused)).rejects.toThrow('vonage error: Unroutable message - rejected');
    await expect(sendViaGateway(bird, refused)).rejects.toThrow('messagebird error: no (correct) recipients found');
    await expect(sendViaGateway({ ...vonage, credentials: { ...VONAGE, apiSecret: 'wrong' } }, message)).rejects.toThrow('Bad Credentials');
  });
});
