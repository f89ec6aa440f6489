import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { badRequest, invalidCredentials, notFound, unprocessable } from '../errors.ts';
import { deleteFlowState, findFlowStateByCode, isFlowExpired } from '../flow-state.ts';
import { tooLong, verifyPassword, weaknessOf } from '../passwords.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { refreshTokenGrant } from '../refresh-grant.ts';
import { bodyOf, queryParam, str, type Body } from '../request-body.ts';
import { pkceMatches } from '../secrets.ts';
import { issueSession, type TokenResponse } from '../token-response.ts';
import { findUserByEmail, findUserById, findUserByPhone, isBanned, isConfirmed } from '../user-store.ts';
import { idTokenGrant } from '../oauth/id-token-grant.ts';
import { passwordVerificationAttempt } from '../hooks/password-verification.ts';

/**
 * grant_type=password. Unknown email, passwordless account and wrong password all answer
 * `invalid_credentials` after one bcrypt comparison each, so neither the answer nor its timing
 * says which it was. Ban and confirmation are only revealed to someone holding the password.
 */
async function passwordGrant(a: AuthContext, req: FastifyRequest, body: Body): Promise<TokenResponse> {
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');
  if (email === '' && !a.settings.phone.enabled) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email !== '' && !a.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const user = email !== ''
    ? await findUserByEmail(a.server.db, email, a.settings.aud)
    : await findUserByPhone(a.server.db, phone.replace(/^\+/, '').replaceAll(' ', ''), a.settings.aud);
  const ok = await verifyPassword(password, user?.encrypted_password);
  if (user) await passwordVerificationAttempt(a, user.id, ok);
  if (!user || !ok) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (email !== '' && !isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (email === '' && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  const weak = tooLong(password) ? undefined : weaknessOf(password, a.settings);
  const token = await a.server.db.transaction((tx) => issueSession(a, tx, user, 'password', clientInfo(req)));
  if (weak) token.weak_password = weak;
  return token;
}

/** grant_type=pkce: the code /verify handed out, and the verifier only the starting client has. */
async function pkceGrant(a: AuthContext, req: FastifyRequest, body: Body): Promise<TokenResponse> {
  const code = str(body, 'auth_code');
  const verifier = str(body, 'code_verifier');
  if (code === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  return a.server.db.transaction(async (tx) => {
    const flow = await findFlowStateByCode(tx, code);
    if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isFlowExpired(flow, a.settings.flowStateExpirySeconds)) {
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (!flow.code_challenge || !pkceMatches(flow.code_challenge_method ?? 's256', flow.code_challenge, verifier)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const token = await issueSession(a, tx, user, flow.authentication_method, clientInfo(req));
    if (flow.provider_access_token) token.provider_token = flow.provider_access_token;
    if (flow.provider_refresh_token) token.provider_refresh_token = flow.provider_refresh_token;
    await deleteFlowState(tx, flow.id); // single use
    return token;
  });
}

const GRANTS = new Set(['password', 'refresh_token', 'pkce', 'id_token']);

/** POST /token?grant_type=…: password, refresh_token, pkce and id_token. */
export function tokenRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/token', async (req) => {
    const body = bodyOf(req);
    const grant = queryParam(req, 'grant_type') || str(body, 'grant_type');
    if (grant === 'web3') throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    if (!GRANTS.has(grant)) throw badRequest('invalid_credentials', 'unsupported_grant_type');
    await enforceRequestLimit(a.limits.token, req, a.server.keys);
    if (grant === 'password') return passwordGrant(a, req, body);
    if (grant === 'pkce') return pkceGrant(a, req, body);
    if (grant === 'id_token') return idTokenGrant(a, req, body);
    return refreshTokenGrant(a, str(body, 'refresh_token'), clientInfo(req));
  });
}
