import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth-context.ts';
import { sendMagicLink } from './auth-mail.ts';
import { unprocessable } from './errors.ts';
import { createFlowState } from './flow-state.ts';
import { referrerOf } from './redirects.ts';
import { randomPassword } from './secrets.ts';
import { signUpWithEmail } from './signup-core.ts';
import { findUserByEmail, findUserById, isConfirmed } from './user-store.ts';

export interface MagicLinkRequest {
  email: string;
  data: Record<string, unknown>;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/**
 * GoTrue's MagicLink: a confirmed user gets a sign-in link (and code); anyone else is signed up
 * with a random password — with confirmations on that sends the signup confirmation instead,
 * with them off the new account is confirmed and gets the sign-in link.
 */
export async function magicLinkOrSignup(a: AuthContext, req: FastifyRequest, p: MagicLinkRequest): Promise<Record<string, never>> {
  const referrer = referrerOf(a.settings, req);
  let user = await findUserByEmail(a.server.db, p.email, a.settings.aud);
  if (!user || !isConfirmed(user)) {
    if (!a.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const outcome = await signUpWithEmail(a, { ...p, password: randomPassword(), referrer });
    if (!a.settings.autoconfirm) return {};
    user = outcome.user;
  }
  const userId = user.id;
  await a.server.db.transaction(async (tx) => {
    const locked = await findUserById(tx, userId, true);
    if (!locked) return;
    const pkce = p.codeChallenge !== '';
    if (pkce) await createFlowState(tx, userId, 'magiclink', 'magiclink', p.codeChallengeMethod, p.codeChallenge);
    await sendMagicLink({ auth: a, tx, user: locked, referrer, pkce });
  });
  return {};
}
