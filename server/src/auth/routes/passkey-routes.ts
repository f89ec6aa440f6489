import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { requireUser, type AuthedUser } from '../authenticate.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { listFactors } from '../factor-store.ts';
import { isAal2 } from '../mfa-core.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { bodyOf, str } from '../request-body.ts';
import { issueSession } from '../token-response.ts';
import { findUserById, isBanned } from '../user-store.ts';
import { isUuid } from '../validation.ts';
import {
  consumeChallenge, findPasskey, findPasskeyByCredentialId, insertPasskey, listPasskeys, passkeyJson, saveChallenge,
  storedCredential, type ChallengeType,
} from '../webauthn/passkey-store.ts';
import { authenticationOptions, credentialIdOf, registrationOptions, verifyAuthentication, verifyRegistration } from '../webauthn/webauthn-core.ts';

/** GoTrue's max_passkeys_per_user default. */
const MAX_PASSKEYS = 10;

/** GoTrue's requirePasskeyManagementAAL: with a verified factor, passkeys are managed from aal2 only. */
async function requireManagementAal(a: AuthContext, authed: AuthedUser): Promise<void> {
  if (isAal2(authed.session)) return;
  if ((await listFactors(a.server.db, authed.user.id)).some((f) => f.status === 'verified')) {
    throw forbidden('insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

async function passkeyUser(a: AuthContext, req: FastifyRequest): Promise<AuthedUser> {
  const authed = await requireUser(a, req);
  if (authed.user.is_anonymous) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  return authed;
}

/** The body of a verify call: the challenge it answers and the browser's credential JSON. */
function verifyBody(req: FastifyRequest): { challengeId: string; credential: unknown } {
  const body = bodyOf(req);
  const challengeId = str(body, 'challenge_id');
  const credential = body.credential;
  if (challengeId === '') throw badRequest('validation_failed', 'challenge_id is required');
  if (credential === undefined || credential === null) throw badRequest('validation_failed', 'credential is required');
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID');
  return { challengeId, credential };
}

async function takeChallenge(a: AuthContext, id: string, type: ChallengeType, userId: string | null): Promise<string> {
  const c = await consumeChallenge(a.server.db, id, type, userId);
  if (!c) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (c.expired) throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return c.challenge;
}

const expiresAt = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * /passkeys (signInWithPasskey, registerPasskey, auth.passkey.*) and the admin's passkey
 * routes: discoverable WebAuthn credentials that sign in on their own, as GoTrue's passkeys.
 */
export function passkeyRoutes(app: FastifyInstance, a: AuthContext): void {
  const enabled = () => {
    if (!a.settings.passkeyEnabled) throw notFound('passkey_disabled', 'Passkeys are disabled');
  };

  app.post('/passkeys/authentication/options', async (req) => {
    enabled();
    await enforceRequestLimit(a.limits.passkey, req, a.server.keys);
    const options = await authenticationOptions(a);
    const c = await saveChallenge(a.server.db, 'authentication', null, options.challenge);
    return { challenge_id: c.id, options, expires_at: expiresAt(c.expires_at) };
  });

  app.post('/passkeys/authentication/verify', async (req) => {
    enabled();
    const { challengeId, credential } = verifyBody(req);
    const challenge = await takeChallenge(a, challengeId, 'authentication', null);
    const passkey = await findPasskeyByCredentialId(a.server.db, credentialIdOf(credential));
    if (!passkey) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
    // The authenticator must name the account the credential belongs to (its user handle).
    const handle = (credential as { response?: { userHandle?: string } }).response?.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) {
      throw badRequest('webauthn_verification_failed', 'Credential verification failed');
    }
    const counter = await verifyAuthentication(a, credential, challenge, storedCredential(passkey));
    const user = await findUserById(a.server.db, passkey.user_id);
    if (!user) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
    if (user.email && !user.email_confirmed_at) throw forbidden('email_not_confirmed', 'Email not confirmed');
    if (user.phone && !user.phone_confirmed_at) throw forbidden('phone_not_confirmed', 'Phone not confirmed');
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    return a.server.db.transaction(async (tx) => {
      await tx.query('update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1', [passkey.id, counter]);
      return issueSession(a, tx, user, 'passkey', clientInfo(req));
    });
  });

  app.post('/passkeys/registration/options', async (req) => {
    enabled();
    const authed = await passkeyUser(a, req);
    await requireManagementAal(a, authed);
    const existing = await listPasskeys(a.server.db, authed.user.id);
    if (existing.length >= MAX_PASSKEYS) throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
    const options = await registrationOptions(a, authed.user, existing.map(storedCredential), true);
    const c = await saveChallenge(a.server.db, 'registration', authed.user.id, options.challenge);
    return { challenge_id: c.id, options, expires_at: expiresAt(c.expires_at) };
  });

  app.post('/passkeys/registration/verify', async (req) => {
    enabled();
    const authed = await passkeyUser(a, req);
    await requireManagementAal(a, authed);
    const { challengeId, credential } = verifyBody(req);
    const challenge = await takeChallenge(a, challengeId, 'registration', authed.user.id);
    const created = await verifyRegistration(a, credential, challenge);
    const row = await a.server.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: string }>('select count(*) as n from auth.webauthn_credentials where user_id = $1', [authed.user.id]);
      if (Number(rows[0]!.n) >= MAX_PASSKEYS) throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
      if (await findPasskeyByCredentialId(tx, created.id)) throw unprocessable('webauthn_credential_exists', 'This credential is already registered');
      return insertPasskey(tx, authed.user.id, created, 'Passkey');
    });
    return { id: row.id, friendly_name: row.friendly_name || undefined, created_at: row.created_at.toISOString() };
  });

  app.get('/passkeys', async (req) => {
    enabled();
    const authed = await requireUser(a, req);
    return (await listPasskeys(a.server.db, authed.user.id)).map(passkeyJson);
  });

  app.patch('/passkeys/:id', async (req) => {
    enabled();
    const authed = await requireUser(a, req);
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw notFound('validation_failed', 'Passkey not found');
    const name = str(bodyOf(req), 'friendly_name');
    if (name === '') throw badRequest('validation_failed', 'friendly_name is required');
    if (name.length > 120) throw badRequest('validation_failed', 'friendly_name must be 120 characters or less');
    const passkey = await findPasskey(a.server.db, authed.user.id, id);
    if (!passkey) throw notFound('validation_failed', 'Passkey not found');
    await a.server.db.query('update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1', [id, name]);
    return passkeyJson({ ...passkey, friendly_name: name });
  });

  app.delete('/passkeys/:id', async (req, reply) => {
    enabled();
    const authed = await requireUser(a, req);
    await requireManagementAal(a, authed);
    const id = (req.params as { id: string }).id;
    if (!isUuid(id) || !(await findPasskey(a.server.db, authed.user.id, id))) throw notFound('validation_failed', 'Passkey not found');
    await a.server.db.query('delete from auth.webauthn_credentials where id = $1', [id]);
    return reply.code(204).send();
  });
}

/** GET/DELETE /admin/users/:id/passkeys(/:passkey_id) (admin.passkey.*), behind the admin check. */
export function adminPasskeyRoutes(app: FastifyInstance, a: AuthContext): void {
  const userOf = async (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(a.server.db, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  };
  app.get('/admin/users/:id/passkeys', async (req) => (await listPasskeys(a.server.db, (await userOf(req)).id)).map(passkeyJson));
  app.delete('/admin/users/:id/passkeys/:passkey_id', async (req, reply) => {
    const user = await userOf(req);
    const pid = (req.params as { passkey_id: string }).passkey_id;
    if (!isUuid(pid) || !(await findPasskey(a.server.db, user.id, pid))) throw notFound('validation_failed', 'Passkey not found');
    await a.server.db.query('delete from auth.webauthn_credentials where id = $1', [pid]);
    return reply.code(204).send();
  });
}
