import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../db/db-types.ts';

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA1, 6 digits, 30 s, one step of skew. */
const PERIOD = 30;
const DIGITS = 6;

export interface NewTotp {
  secret: string;
  uri: string;
  /** An SVG image of the URI (auth-js prefixes it with `data:image/svg+xml;utf-8,`). */
  qrCode: string;
}

/** A fresh 160-bit secret, its otpauth:// URI (issuer and account as GoTrue names them) and QR code. */
export async function newTotp(issuer: string, account: string): Promise<NewTotp> {
  const totp = new TOTP({ issuer, label: account, secret: new Secret({ size: 20 }), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return { secret: totp.secret.base32, uri, qrCode };
}

/**
 * Checks a code against the secret with one step of skew either way, and that its time step is
 * newer than the last one this factor accepted: a code works once, even across challenges
 * (GoTrue would take it again within its window). Records the step when it passes.
 */
export async function acceptTotpCode(tx: Queryable, factorId: string, secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
  const { rows } = await tx.query<{ last_step: string }>(
    `insert into _gather.mfa_totp_steps (factor_id, last_step) values ($1, $2)
     on conflict (factor_id) do update set last_step = excluded.last_step
       where _gather.mfa_totp_steps.last_step < excluded.last_step
     returning last_step`,
    [factorId, step],
  );
  return rows.length === 1;
}
