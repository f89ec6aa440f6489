import type { Queryable } from '../db/db-types.ts';
import { enqueueMail, renderAuthMail, TemplateError, type AuthMailKind } from '../mail/index.ts';
import type { AuthContext } from './auth-context.ts';
import { AuthError, tooManyRequests } from './errors.ts';
import { callSendEmailHook, type EmailActionType } from './hooks/send-email.ts';
import { clearOneTimeToken, saveOneTimeToken } from './one-time-tokens.ts';
import { generateOtp, tokenHash } from './secrets.ts';
import { updateUser, type UserRow } from './user-store.ts';

/** One emailed action: the transaction it belongs to, whom it is for, where its link returns. */
export interface MailAction {
  auth: AuthContext;
  tx: Queryable;
  user: UserRow;
  referrer: string;
  /** PKCE: stored tokens get the `pkce_` prefix, so the link's /verify answers with `?code=`. */
  pkce: boolean;
}

/** GoTrue's per-user limit between two messages of a kind (SMTP max_frequency). */
function checkFrequency(sentAt: Date | null, a: AuthContext): void {
  const waitMs = a.settings.maxFrequencySeconds * 1000;
  if (!sentAt || waitMs <= 0) return;
  const left = sentAt.getTime() + waitMs - Date.now();
  if (left > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
    );
  }
}

/** The hourly budget for all mail; GoTrue applies it only when confirmations are on. */
export async function takeEmailBudget(a: AuthContext): Promise<void> {
  if (a.settings.autoconfirm || !a.limits.emails) return;
  if (!(await a.limits.emails.take('all'))) throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
}

function withFlowPrefix(hash: string, pkce: boolean): string {
  return pkce ? `pkce_${hash}` : hash;
}

/** The link in the message: `<external>/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>`. */
export function verifyLink(a: AuthContext, token: string, type: string, referrer: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: referrer });
  return `${a.authUrl()}/verify?${q.toString()}`;
}

async function queue(m: MailAction, kind: AuthMailKind, to: string, otp: string, link?: string, extra: Record<string, string> = {}) {
  const data = {
    to, token: otp, confirmationUrl: link, siteUrl: m.auth.settings.siteUrl, redirectTo: m.referrer,
    tokenHash: link ? new URL(link).searchParams.get('token') ?? undefined : undefined,
    data: m.user.raw_user_meta_data, ...extra,
  };
  let mail;
  try {
    mail = renderAuthMail(kind, data, m.auth.mail.templates[kind]);
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    // GoTrue: a template that fails when run fails the request with a generic 500, cause logged.
    console.warn(`auth email template ${kind}: ${err.message}`);
    throw new AuthError(500, '', `Error sending ${SENDING[kind]} email`);
  }
  await enqueueMail(m.tx, m.auth.mail, mail);
}

/** GoTrue's words for each message in "Error sending … email". */
const SENDING: Record<AuthMailKind, string> = {
  confirmation: 'confirmation', invite: 'invite', magic_link: 'magic link', recovery: 'recovery',
  email_change: 'email change', reauthentication: 'reauthentication',
};

/**
 * One message with a code and (except reauthentication) a link: to the send_email hook when
 * it is on (GoTrue then sends nothing itself), else rendered and queued.
 */
async function deliver(m: MailAction, kind: AuthMailKind, action: EmailActionType, otp: string, hash: string, linkType?: string): Promise<void> {
  const hook = m.auth.settings.hooks.sendEmail;
  if (hook) {
    await callSendEmailHook(m.auth, m.tx, hook, m.user, { email_action_type: action, token: otp, token_hash: hash, redirect_to: m.referrer });
    return;
  }
  await queue(m, kind, m.user.email ?? '', otp, linkType ? verifyLink(m.auth, hash, linkType, m.referrer) : undefined);
}

export async function sendConfirmation(m: MailAction): Promise<UserRow> {
  checkFrequency(m.user.confirmation_sent_at, m.auth);
  await takeEmailBudget(m.auth);
  const email = m.user.email ?? '';
  const otp = generateOtp(m.auth.settings.otpLength);
  const token = withFlowPrefix(tokenHash(m.auth.server.keys, email, otp), m.pkce);
  await deliver(m, 'confirmation', 'signup', otp, token, 'signup');
  await saveOneTimeToken(m.tx, m.user.id, 'confirmation_token', token, email);
  return updateUser(m.tx, m.user.id, { confirmation_token: token, confirmation_sent_at: new Date() });
}

export async function sendInvite(m: MailAction): Promise<UserRow> {
  await takeEmailBudget(m.auth);
  const email = m.user.email ?? '';
  const otp = generateOtp(m.auth.settings.otpLength);
  const token = tokenHash(m.auth.server.keys, email, otp);
  await deliver(m, 'invite', 'invite', otp, token, 'invite');
  await saveOneTimeToken(m.tx, m.user.id, 'confirmation_token', token, email);
  const now = new Date();
  return updateUser(m.tx, m.user.id, { confirmation_token: token, confirmation_sent_at: now, invited_at: now });
}

/** Recovery and magic links share the recovery token and its timer, as in GoTrue. */
async function sendRecoveryKind(m: MailAction, kind: 'recovery' | 'magic_link', type: string): Promise<UserRow> {
  checkFrequency(m.user.recovery_sent_at, m.auth);
  await takeEmailBudget(m.auth);
  const email = m.user.email ?? '';
  const otp = generateOtp(m.auth.settings.otpLength);
  const token = withFlowPrefix(tokenHash(m.auth.server.keys, email, otp), m.pkce);
  await deliver(m, kind, type as EmailActionType, otp, token, type);
  await saveOneTimeToken(m.tx, m.user.id, 'recovery_token', token, email);
  return updateUser(m.tx, m.user.id, { recovery_token: token, recovery_sent_at: new Date() });
}

export const sendRecovery = (m: MailAction) => sendRecoveryKind(m, 'recovery', 'recovery');
export const sendMagicLink = (m: MailAction) => sendRecoveryKind(m, 'magic_link', 'magiclink');

/**
 * Email change: a link to the new address, and with secure (double) change also one to the
 * current address; the change happens once the required links are followed.
 */
export async function sendEmailChange(m: MailAction, newEmail: string): Promise<UserRow> {
  checkFrequency(m.user.email_change_sent_at, m.auth);
  await takeEmailBudget(m.auth);
  const current = m.user.email ?? '';
  const otpNew = generateOtp(m.auth.settings.otpLength);
  const tokenNew = withFlowPrefix(tokenHash(m.auth.server.keys, newEmail, otpNew), m.pkce);
  await saveOneTimeToken(m.tx, m.user.id, 'email_change_token_new', tokenNew, newEmail);
  let otpCurrent = '';
  let tokenCurrent = '';
  if (m.auth.settings.secureEmailChange && current !== '') {
    otpCurrent = generateOtp(m.auth.settings.otpLength);
    tokenCurrent = withFlowPrefix(tokenHash(m.auth.server.keys, current, otpCurrent), m.pkce);
    await saveOneTimeToken(m.tx, m.user.id, 'email_change_token_current', tokenCurrent, current);
  } else {
    await clearOneTimeToken(m.tx, m.user.id, 'email_change_token_current');
  }
  const user = await updateUser(m.tx, m.user.id, {
    email_change: newEmail,
    email_change_token_new: tokenNew,
    email_change_token_current: tokenCurrent,
    email_change_confirm_status: 0,
    email_change_sent_at: new Date(),
  });
  const hook = m.auth.settings.hooks.sendEmail;
  if (hook) {
    // One call for both addresses, with GoTrue's pairing: under secure change `token` is the
    // current address's code but `token_hash` the new address's hash, and `*_new` the reverse.
    const both = otpCurrent !== '';
    await callSendEmailHook(m.auth, m.tx, hook, user, {
      email_action_type: 'email_change',
      token: both ? otpCurrent : otpNew,
      token_hash: tokenNew,
      token_new: both ? otpNew : '',
      token_hash_new: both ? tokenCurrent : '',
      redirect_to: m.referrer,
    });
    return user;
  }
  const names = { email: current, newEmail };
  await queue(m, 'email_change', newEmail, otpNew, verifyLink(m.auth, tokenNew, 'email_change', m.referrer), names);
  if (otpCurrent) await queue(m, 'email_change', current, otpCurrent, verifyLink(m.auth, tokenCurrent, 'email_change', m.referrer), names);
  return user;
}

/** A code (no link) that PUT /user accepts as `nonce` when secure password change is on. */
export async function sendReauthentication(m: MailAction): Promise<UserRow> {
  checkFrequency(m.user.reauthentication_sent_at, m.auth);
  await takeEmailBudget(m.auth);
  const email = m.user.email ?? '';
  const otp = generateOtp(m.auth.settings.otpLength);
  const token = tokenHash(m.auth.server.keys, email, otp);
  await deliver(m, 'reauthentication', 'reauthentication', otp, token);
  await saveOneTimeToken(m.tx, m.user.id, 'reauthentication_token', token, email);
  return updateUser(m.tx, m.user.id, { reauthentication_token: token, reauthentication_sent_at: new Date() });
}
