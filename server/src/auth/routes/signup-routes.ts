import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { validatePkceParams } from '../flow-state.ts';

import { checkPasswordStrength } from '../passwords.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { referrerOf } from '../redirects.ts';
import { bodyOf, obj, str } from '../request-body.ts';
import { signUpWithEmail } from '../signup-core.ts';
import { issueSession } from '../token-response.ts';
import { loadUserJson, userJson } from '../user-json.ts';
import { isConfirmed } from '../user-store.ts';
import { createUser } from '../hooks/before-user-created.ts';
import { validateEmail } from '../validation.ts';
import { validateChannel, validatePhone } from '../phone.ts';
import { requirePhoneProvider, signUpWithPhone } from '../phone-signup.ts';

/**
 * What GoTrue answers when a confirmed account already has the address and confirmations are
 * on: a plausible user that exists nowhere, so sign-up does not reveal who is registered.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>, aud: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function signInAnonymously(a: AuthContext, req: FastifyRequest, data: Record<string, unknown>) {
  return a.server.db.transaction(async (tx) => {
    const user = await createUser(a, tx, {
      aud: a.settings.aud,
      role: a.settings.defaultRole,
      email: null,
      encryptedPassword: null,
      appMetadata: {},
      userMetadata: data,
      isAnonymous: true,
    });
    return issueSession(a, tx, user, 'anonymous', clientInfo(req));
  });
}

/** /signup with a phone: a session when phones need no confirmation, else the bare user and a code by text. */
async function phoneSignupRoute(a: AuthContext, req: FastifyRequest, p: { phone: string; password: string; data: Record<string, unknown>; channel: string }) {
  requirePhoneProvider(a, 'Phone signups are disabled');
  const phone = validatePhone(p.phone);
  const outcome = await signUpWithPhone(a, { phone, password: p.password, data: p.data, channel: validateChannel(a, p.channel) });
  if (outcome.kind === 'exists') {
    if (a.settings.autoconfirm || a.settings.phone.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return { ...obfuscatedUser('', p.data, a.settings.aud), phone, app_metadata: { provider: 'phone', providers: ['phone'] } };
  }
  const user = outcome.user;
  if (user.phone_confirmed_at) return a.server.db.transaction((tx) => issueSession(a, tx, user, 'password', clientInfo(req)));
  return loadUserJson(a.server.db, user);
}

/** POST /signup: email + password, or — with neither email nor phone — an anonymous user. */
export function signupRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/signup', async (req) => {
    const s = a.settings;
    if (!s.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const body = bodyOf(req);
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const data = obj(body, 'data') ?? {};
    if (email === '' && phone === '') {
      if (!s.enableAnonymous) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      await enforceRequestLimit(a.limits.anonymous, req, a.server.keys);
      return signInAnonymously(a, req, data);
    }
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    const password = str(body, 'password');
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, s);
    if (email !== '' && phone !== '') {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
    }
    const codeChallenge = str(body, 'code_challenge');
    const codeChallengeMethod = str(body, 'code_challenge_method');
    validatePkceParams(codeChallengeMethod, codeChallenge);
    if (email === '') return phoneSignupRoute(a, req, { phone, password, data, channel: str(body, 'channel') });
    if (!s.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const address = validateEmail(email);

    const outcome = await signUpWithEmail(a, {
      email: address,
      password,
      data,
      referrer: referrerOf(s, req),
      codeChallenge,
      codeChallengeMethod,
    });
    if (outcome.kind === 'exists') {
      if (s.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      return obfuscatedUser(address, data, s.aud);
    }
    const user = outcome.user;
    if (isConfirmed(user)) {
      return a.server.db.transaction((tx) => issueSession(a, tx, user, 'password', clientInfo(req)));
    }
    if (user.invited_at) return { ...userJson(user, []), user_metadata: {} };
    return loadUserJson(a.server.db, user);
  });
}
