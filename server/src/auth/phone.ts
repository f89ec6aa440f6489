import type { Queryable } from '../db/db-types.ts';
import { enqueueSms } from '../mail/index.ts';
import type { AuthContext } from './auth-context.ts';
import { badRequest, tooManyRequests, unprocessable } from './errors.ts';
import { callSendSmsHook } from './hooks/send-sms.ts';
import { findIdentity, insertIdentity, updateIdentityData } from './identity-store.ts';
import { clearAllOneTimeTokens, saveOneTimeToken } from './one-time-tokens.ts';
import { generateOtp, tokenHash } from './secrets.ts';
import { mergeMetadata, updateUser, type UserRow } from './user-store.ts';

/**
 * GoTrue's validatePhone: '+' and spaces dropped, then E.164 digits (no leading zero, at most
 * 15); the stored form has no '+'.
 */
export function validatePhone(phone: string): string {
  const p = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(p)) throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return p;
}

/** `channel`: sms by default; whatsapp only through Twilio (GoTrue's IsValidMessageChannel). */
export function validateChannel(a: AuthContext, channel: string): 'sms' | 'whatsapp' {
  if (channel === '' || channel === 'sms') return 'sms';
  // GoTrue: with the send_sms hook on, the channel is the hook's business.
  if (a.settings.hooks.sendSms) return channel === 'whatsapp' ? 'whatsapp' : 'sms';
  if (channel === 'whatsapp' && a.settings.phone.provider === 'twilio') return 'whatsapp';
  throw badRequest('validation_failed', 'Invalid channel, only sms and whatsapp are supported (whatsapp with Twilio only)');
}

/** `{{ .Code }}` in `[auth.sms] template` (a Go template in GoTrue; only the code is offered). */
export function renderSmsTemplate(template: string, code: string): string {
  return template.replace(/\{\{\s*\.Code\s*\}\}/g, code);
}

/** "For security purposes, you can only request this after N seconds." when the last one is too recent. */
export function checkSmsFrequency(sentAt: Date | null, seconds: number): void {
  if (!sentAt || seconds <= 0) return;
  const left = sentAt.getTime() + seconds * 1000 - Date.now();
  if (left > 0) throw tooManyRequests('over_sms_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(left / 1000)} seconds.`);
}

/**
 * Without a gateway, codes stay in the local outbox (the development inbox shows them); in
 * production that would lose them, so sending is refused instead, as GoTrue refuses it.
 */
export function requireGateway(a: AuthContext): void {
  if (a.settings.hooks.sendSms) return;
  if (!a.sms && a.server.config.production) throw unprocessable('sms_send_failed', 'Unable to get SMS provider');
}

export type PhoneOtpKind = 'confirmation' | 'phone_change' | 'reauthentication';

const COLUMNS = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
  phone_change: { token: 'phone_change_token', sentAt: 'phone_change_sent_at', ott: 'phone_change_token' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at', ott: 'reauthentication_token' },
} as const;

/**
 * GoTrue's sendPhoneConfirmation: a code by text message to `phone` (queued in the same
 * transaction), its hash on the user and in one_time_tokens. A `[auth.sms.test_otp]` number
 * gets its fixed code and no message. Returns the message id (`test-otp` for those).
 */
export async function sendPhoneOtp(a: AuthContext, tx: Queryable, user: UserRow, phone: string, kind: PhoneOtpKind, channel: 'sms' | 'whatsapp'): Promise<{ user: UserRow; messageId: string }> {
  const s = a.settings.phone;
  const cols = COLUMNS[kind];
  checkSmsFrequency(user[cols.sentAt], s.maxFrequencySeconds);
  let otp = s.testOtp[phone];
  let messageId = 'test-otp';
  if (!otp) {
    requireGateway(a);
    if (!s.autoconfirm && !(await a.limits.sms.take('all'))) throw tooManyRequests('over_sms_send_rate_limit', 'SMS rate limit exceeded');
    otp = generateOtp(s.otpLength);
    const hook = a.settings.hooks.sendSms;
    if (hook) {
      // GoTrue hands the user as it stands, a changing number already in phone_change.
      const subject = kind === 'phone_change' ? { ...user, phone_change: phone } : user;
      await callSendSmsHook(a, tx, hook, subject, { otp, phone });
      messageId = '';
    } else {
      messageId = await enqueueSms(tx, a.sms, { kind, to: phone, body: renderSmsTemplate(s.template, otp), channel });
    }
  }
  const hash = tokenHash(a.server.keys, phone, otp);
  const updated = await updateUser(tx, user.id, {
    [cols.token]: hash,
    [cols.sentAt]: new Date(),
    ...(kind === 'phone_change' ? { phone_change: phone } : {}),
  });
  await saveOneTimeToken(tx, user.id, cols.ott, hash, phone);
  return { user: updated, messageId };
}

/** A text-message code `token` for `phone`: a test code, or the stored hash within `[auth.sms]`'s expiry. */
export function phoneOtpValid(a: AuthContext, phone: string, token: string, stored: string | null, sentAt: Date | null, safeEqual: (x: string, y: string) => boolean): boolean {
  const test = a.settings.phone.testOtp[phone];
  if (test !== undefined) return safeEqual(test, token);
  if (!stored || !sentAt || Date.now() > sentAt.getTime() + a.settings.phone.otpExpirySeconds * 1000) return false;
  return safeEqual(tokenHash(a.server.keys, phone, token), stored);
}

/** GoTrue's ConfirmPhone: confirmed now, the code spent, user_metadata and the phone identity saying so. */
export async function confirmPhone(tx: Queryable, user: UserRow): Promise<UserRow> {
  await clearAllOneTimeTokens(tx, user.id);
  const identity = await findIdentity(tx, user.id, 'phone');
  if (identity) await updateIdentityData(tx, identity, { phone_verified: true });
  return updateUser(tx, user.id, {
    phone_confirmed_at: new Date(),
    confirmation_token: '',
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { phone_verified: true }),
  });
}

/** GoTrue's phone_change verification: the new number becomes the account's, with a verified phone identity. */
export async function completePhoneChange(tx: Queryable, user: UserRow): Promise<UserRow> {
  const phone = user.phone_change ?? '';
  const identity = await findIdentity(tx, user.id, 'phone');
  if (identity) await updateIdentityData(tx, identity, { phone, phone_verified: true });
  else await insertIdentity(tx, user.id, 'phone', { sub: user.id, phone, email_verified: false, phone_verified: true });
  await clearAllOneTimeTokens(tx, user.id);
  return updateUser(tx, user.id, { phone, phone_confirmed_at: new Date(), phone_change: '', phone_change_token: '', phone_change_sent_at: null, is_anonymous: false });
}
