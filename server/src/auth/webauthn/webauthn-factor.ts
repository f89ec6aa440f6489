import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { badRequest } from '../errors.ts';
import { insertChallenge, listFactors, type ChallengeRow, type FactorRow } from '../factor-store.ts';
import type { UserRow } from '../user-store.ts';
import {
  authenticationOptions, credentialIdOf, fromGoCredentialJson, goCredentialJson, registrationOptions, verifyAuthentication,
  verifyRegistration, type StoredCredential,
} from './webauthn-core.ts';

/** The credentials of the user's verified WebAuthn factors. */
async function factorCredentials(q: Queryable, userId: string): Promise<{ factor: FactorRow; credential: StoredCredential }[]> {
  return (await listFactors(q, userId))
    .filter((f) => f.factor_type === 'webauthn' && f.status === 'verified' && f.web_authn_credential)
    .map((f) => ({ factor: f, credential: fromGoCredentialJson(f.web_authn_credential!) }));
}

/**
 * GoTrue's challengeWebAuthnFactor: an unverified factor is asked to create a credential (not
 * one the user already has), a verified one to sign with its credential. The options go back as
 * `webauthn.credential_options.publicKey`, which auth-js hands to the browser.
 */
export async function challengeWebAuthnFactor(a: AuthContext, user: UserRow, factor: FactorRow, ip: string) {
  const existing = await factorCredentials(a.server.db, user.id);
  const create = factor.status !== 'verified';
  const options = create
    ? await registrationOptions(a, user, existing.map((e) => e.credential), false)
    : await authenticationOptions(a, existing.filter((e) => e.factor.id === factor.id).map((e) => e.credential));
  const type = create ? 'create' : 'request';
  const challenge = await insertChallenge(a.server.db, factor.id, ip, { webAuthnSession: { challenge: options.challenge, type } });
  return {
    id: challenge.id,
    type: 'webauthn',
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + a.settings.mfa.challengeExpirySeconds,
    webauthn: { type, credential_options: { publicKey: options } },
  };
}

/** The `webauthn` member of a verify request, checked as GoTrue does. */
export function webAuthnVerifyParams(body: Record<string, unknown>): { type: 'create' | 'request'; response: unknown } {
  const w = body.webauthn as { type?: unknown; credential_response?: unknown } | undefined;
  if (!w || typeof w !== 'object') throw badRequest('validation_failed', 'WebAuthn config required');
  if (w.type !== 'create' && w.type !== 'request') throw badRequest('validation_failed', 'WebAuthn type must be create or request');
  if (w.credential_response === undefined || w.credential_response === null) throw badRequest('validation_failed', 'credential_response required');
  return { type: w.type, response: w.credential_response };
}

/**
 * GoTrue's verifyWebAuthnFactor: the answer to this challenge — a new credential, kept on the
 * factor, or a signature by the factor's own credential, whose counter is kept. Throws when it fails.
 */
export async function verifyWebAuthnFactor(
  a: AuthContext,
  tx: Queryable,
  factor: FactorRow,
  challenge: ChallengeRow,
  params: { type: 'create' | 'request'; response: unknown },
): Promise<void> {
  const session = challenge.web_authn_session_data as { challenge?: string; type?: string } | null;
  if (!session?.challenge || session.type !== params.type) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
  if (params.type === 'create') {
    if (factor.status === 'verified') throw badRequest('webauthn_verification_failed', 'Credential verification failed');
    const created = await verifyRegistration(a, params.response, session.challenge);
    await tx.query(
      `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3, updated_at = now() where id = $1`,
      [factor.id, JSON.stringify(goCredentialJson(created)), created.aaguid],
    );
    return;
  }
  if (!factor.web_authn_credential) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
  const credential = fromGoCredentialJson(factor.web_authn_credential);
  if (credentialIdOf(params.response) !== credential.id) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
  const counter = await verifyAuthentication(a, params.response, session.challenge, credential);
  const json = { ...factor.web_authn_credential, Authenticator: { ...(factor.web_authn_credential.Authenticator as object), SignCount: counter } };
  await tx.query('update auth.mfa_factors set web_authn_credential = $2::jsonb, updated_at = now() where id = $1', [factor.id, JSON.stringify(json)]);
}
