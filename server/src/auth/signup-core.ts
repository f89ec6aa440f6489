import { randomUUID } from 'node:crypto';
import type { AuthContext } from './auth-context.ts';
import { sendConfirmation } from './auth-mail.ts';
import { createFlowState } from './flow-state.ts';
import { emailIdentityData, findIdentity, insertIdentity } from './identity-store.ts';
import { hashPassword } from './passwords.ts';
import { confirmEmail } from './user-lifecycle.ts';
import { findUserByEmail, isConfirmed, type UserRow } from './user-store.ts';
import { createUser } from './hooks/before-user-created.ts';

export interface EmailSignup {
  email: string;
  password: string;
  data: Record<string, unknown>;
  referrer: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

export type SignupOutcome =
  /** The address belongs to a confirmed account: nothing changed. */
  | { kind: 'exists'; user: UserRow }
  /** Created or found unconfirmed; confirmed now (autoconfirm) or a confirmation mail is queued. */
  | { kind: 'ok'; user: UserRow };

/**
 * Metadata of a new email account: the identity's claims first, then the caller's `data`
 * (which cannot override them), as GoTrue stores it.
 */
function initialMetadata(userId: string, email: string, data: Record<string, unknown>): Record<string, unknown> {
  const identity = emailIdentityData(userId, email);
  const out: Record<string, unknown> = { ...identity };
  for (const [k, v] of Object.entries(data)) if (!(k in identity)) out[k] = v;
  return out;
}

/**
 * GoTrue's Signup for an email, shared by /signup, /otp and /admin/generate_link: a new user
 * with an `email` identity, or the existing unconfirmed one; then confirmed at once when
 * confirmations are off, or sent a confirmation mail. A confirmed account is left alone.
 */
export async function signUpWithEmail(a: AuthContext, p: EmailSignup): Promise<SignupOutcome> {
  // Hashed whether or not the address is taken, so both answers take as long (no enumeration by timing).
  const hash = await hashPassword(p.password);
  return a.server.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, p.email, a.settings.aud, true);
    if (user && isConfirmed(user)) return { kind: 'exists', user } as const;
    if (!user) {
      const id = randomUUID();
      user = await createUser(a, tx, {
        id,
        aud: a.settings.aud,
        role: a.settings.defaultRole,
        email: p.email,
        encryptedPassword: hash,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: initialMetadata(id, p.email, p.data),
      });
    }
    if (!(await findIdentity(tx, user.id, 'email'))) {
      await insertIdentity(tx, user.id, 'email', initialMetadata(user.id, p.email, p.data));
    }
    if (a.settings.autoconfirm) {
      user = await confirmEmail(tx, user);
    } else {
      const pkce = p.codeChallenge !== '';
      if (pkce) await createFlowState(tx, user.id, 'email', 'email/signup', p.codeChallengeMethod, p.codeChallenge);
      user = await sendConfirmation({ auth: a, tx, user, referrer: p.referrer, pkce });
    }
    return { kind: 'ok', user } as const;
  });
}
