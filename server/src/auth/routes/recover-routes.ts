import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendRecovery } from '../auth-mail.ts';
import { badRequest } from '../errors.ts';
import { createFlowState, validatePkceParams } from '../flow-state.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { referrerOf } from '../redirects.ts';
import { bodyOf, str } from '../request-body.ts';
import { findUserByEmail, findUserById } from '../user-store.ts';
import { validateEmail } from '../validation.ts';

/**
 * POST /recover (resetPasswordForEmail): a recovery link and code for a known address, and the
 * same `{}` for an unknown one. With PKCE the link's /verify answers with `?code=`, and the
 * client (which kept its verifier with a `/recovery` suffix) emits PASSWORD_RECOVERY.
 */
export function recoverRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/recover', async (req) => {
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    if (!a.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
    const body = bodyOf(req);
    const email = str(body, 'email');
    const codeChallenge = str(body, 'code_challenge');
    const codeChallengeMethod = str(body, 'code_challenge_method');
    if (email === '') throw badRequest('validation_failed', 'Password recovery requires an email');
    const address = validateEmail(email);
    validatePkceParams(codeChallengeMethod, codeChallenge);
    const found = await findUserByEmail(a.server.db, address, a.settings.aud);
    if (!found) return {};
    const referrer = referrerOf(a.settings, req);
    const pkce = codeChallenge !== '';
    await a.server.db.transaction(async (tx) => {
      const user = await findUserById(tx, found.id, true);
      if (!user) return;
      if (pkce) await createFlowState(tx, user.id, 'recovery', 'recovery', codeChallengeMethod, codeChallenge);
      await sendRecovery({ auth: a, tx, user, referrer, pkce });
    });
    return {};
  });
}
