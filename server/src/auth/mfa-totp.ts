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

/** GoTrue draws 3 px a module with a 4-module quiet zone (goqrsvg's DefaultQRSize). */
const MODULE_PX = 3;
const QUIET = 4;

/**
 * The QR code as raw SVG that survives being pasted after `data:image/svg+xml;utf-8,` (what
 * auth-js does with it): no `#` (it would end the URL there) and no `%` (read as an escape), so
 * colours by name, as GoTrue's goqrsvg writes them, and a width and height so an <img> has a
 * size of its own. One path, a run of dark modules a one-module-wide stroke.
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const n = modules.size;
  const side = n + QUIET * 2;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < n && modules.get(row, col + 1)) col++;
      d += `M${start + QUIET} ${row + QUIET}.5h${col - start + 1}`;
    }
  }
  const px = side * MODULE_PX;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`
    + `<rect width="${side}" height="${side}" fill="white"/><path stroke="black" d="${d}"/></svg>`;
}

/** A fresh 160-bit secret, its otpauth:// URI (issuer and account as GoTrue names them) and QR code. */
export function newTotp(issuer: string, account: string): NewTotp {
  const totp = new TOTP({ issuer, label: account, secret: new Secret({ size: 20 }), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  const uri = totp.toString();
  return { secret: totp.secret.base32, uri, qrCode: qrSvg(uri) };
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
