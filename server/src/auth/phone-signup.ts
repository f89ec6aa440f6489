import { randomUUID } from 'node:crypto';
import type { AuthContext } from './auth-context.ts';
import { badRequest } from './errors.ts';
import { findIdentity, insertIdentity } from './identity-store.ts';
import { hashPassword } from './passwords.ts';
import { confirmPhone, sendPhoneOtp } from './phone.ts';
import { findUserByPhone, type UserRow } from './user-store.ts';
import { createUser } from './hooks/before-user-created.ts';

export interface PhoneSignup {
  phone: string;
  password: string;
  data: Record<string, unknown>;
  channel: 'sms' | 'whatsapp';
}

export type PhoneSignupOutcome =
  | { kind: 'exists'; user: UserRow }
  | { kind: 'ok'; user: UserRow; messageId?: string };

/** The phone provider must be on for any phone sign-up or sign-in. */
export function requirePhoneProvider(a: AuthContext, message: string): void {
  if (!a.settings.phone.enabled) throw badRequest('phone_provider_disabled', message);
}

/**
 * GoTrue's Signup for a phone, shared by /signup and /otp: a new user with a `phone` identity,
 * or the existing unconfirmed one; confirmed at once when `[auth.sms] enable_confirmations` is
 * off, else sent a code. A confirmed number is left alone. The phone is already validated.
 */
export async function signUpWithPhone(a: AuthContext, p: PhoneSignup): Promise<PhoneSignupOutcome> {
  const hash = await hashPassword(p.password);
  return a.server.db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, p.phone, a.settings.aud, true);
    if (user?.phone_confirmed_at) return { kind: 'exists', user } as const;
    if (!user) {
      const id = randomUUID();
      const identity = { sub: id, email_verified: false, phone_verified: false };
      const metadata: Record<string, unknown> = { ...identity };
      for (const [k, v] of Object.entries(p.data)) if (!(k in identity)) metadata[k] = v;
      user = await createUser(a, tx, {
        id,
        aud: a.settings.aud,
        role: a.settings.defaultRole,
        email: null,
        phone: p.phone,
        encryptedPassword: hash,
        appMetadata: { provider: 'phone', providers: ['phone'] },
        userMetadata: metadata,
      });
    }
    if (!(await findIdentity(tx, user.id, 'phone'))) {
      await insertIdentity(tx, user.id, 'phone', { sub: user.id, email_verified: false, phone_verified: false, ...p.data });
    }
    if (a.settings.phone.autoconfirm) return { kind: 'ok', user: await confirmPhone(tx, user) } as const;
    const sent = await sendPhoneOtp(a, tx, user, p.phone, 'confirmation', p.channel);
    return { kind: 'ok', user: sent.user, messageId: sent.messageId } as const;
  });
}
