import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { FastifyRequest } from 'fastify';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { requireUser } from '../authenticate.ts';
import { badRequest, OAuthError } from '../errors.ts';
import { bool, str, type Body } from '../request-body.ts';
import { issueSession, type TokenResponse } from '../token-response.ts';
import { committing } from '../commit-then-refuse.ts';
import { linkIdentity, signInWithIdentity } from './external-accounts.ts';
import { IdTokenError, oidcProvider, verifyIdToken } from './oidc.ts';
import { mapIdTokenClaims } from './profiles.ts';
import { idTokenCheck, type ExternalProvider } from './providers.ts';

/** The id-token providers GoTrue names (others go by `custom:<name>` or their issuer). */
const ID_TOKEN_PROVIDERS = new Set(['google', 'apple', 'azure', 'keycloak']);

/** Which configured provider a token is for: by name, else by issuer (GoTrue's getProvider). */
function providerFor(a: AuthContext, name: string, issuer: string): ExternalProvider {
  const byName = a.settings.providers.get(name.toLowerCase());
  // The grant needs no client secret, only the client ids its tokens are for.
  if (byName?.problem && byName.problem !== 'missing OAuth secret') throw badRequest('validation_failed', `Unsupported provider: ${byName.problem}`);
  if (byName?.kind === 'oidc') return byName;
  if (ID_TOKEN_PROVIDERS.has(name) || name.startsWith('custom:')) {
    throw badRequest('provider_disabled', `Provider (issuer "${issuer || name}") is not enabled`);
  }
  if (issuer !== '') {
    for (const p of a.settings.providers.values()) if (p.kind === 'oidc' && p.issuer === issuer.replace(/\/+$/, '')) return p;
  }
  throw badRequest('validation_failed', `Custom OIDC provider "${name || issuer}" not allowed`);
}

/**
 * The nonce rule of GoTrue's id-token grant: a nonce in the token and one in the request go
 * together, and the token holds the SHA-256 (hex) of the request's (Apple's and Google's
 * native sign-in hash it), unless `skip_nonce_check`.
 */
function checkNonce(p: ExternalProvider, tokenNonce: unknown, given: string): void {
  if (p.skipNonceCheck) return;
  const inToken = typeof tokenNonce === 'string' && tokenNonce !== '';
  if (inToken !== (given !== '')) throw new OAuthError('invalid request', 'Passed nonce and nonce in id_token should either both exist or not.');
  if (inToken && createHash('sha256').update(given).digest('hex') !== tokenNonce) throw new OAuthError('invalid nonce', 'Nonces mismatch');
}

/**
 * POST /token?grant_type=id_token (signInWithIdToken, and linkIdentity with a token): an ID
 * token from a configured OpenID provider, checked for signature, issuer, audience (one of the
 * provider's client ids), expiry, at_hash and nonce; then GoTrue's sign-in or linking.
 */
export async function idTokenGrant(a: AuthContext, req: FastifyRequest, body: Body): Promise<TokenResponse> {
  const idToken = str(body, 'id_token');
  const name = str(body, 'provider');
  const issuer = str(body, 'issuer');
  if (idToken === '') throw new OAuthError('invalid request', 'id_token required');
  if (name === '' && (str(body, 'client_id') === '' || issuer === '')) throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  const linking = bool(body, 'link_identity', false);
  if (linking && !req.headers.authorization) throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization');
  const target = linking ? (await requireUser(a, req)).user : undefined;
  const p = providerFor(a, name, issuer);
  let claims: Record<string, unknown>;
  try {
    decodeJwt(idToken); // a malformed token is refused before any request to the provider
    const { jwks } = oidcProvider(p.issuer!);
    const accessToken = str(body, 'access_token');
    claims = await verifyIdToken(idToken, await jwks, idTokenCheck(p, accessToken ? { accessToken } : {}));
  } catch (err) {
    if (err instanceof IdTokenError && /audience|sub claim/.test(err.message)) throw new OAuthError('invalid request', err.message);
    req.log.info({ err }, 'auth: id token refused');
    throw new OAuthError('invalid request', 'Bad ID token');
  }
  checkNonce(p, decodeJwt(idToken).nonce, str(body, 'nonce'));
  const profile = mapIdTokenClaims(p.name, claims);
  return committing(a.server.db, async (tx) => {
    const user = target ? await linkIdentity(a, tx, target, p.name, profile) : (await signInWithIdentity(a, tx, p.name, profile, p.emailOptional)).user;
    return issueSession(a, tx, user, 'oauth', clientInfo(req));
  });
}
