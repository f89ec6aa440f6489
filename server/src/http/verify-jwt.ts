import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { JwtKeys } from './jwt-keys.ts';

/** Why a bearer token was refused: `claims` map to PGRST303, `role` to 22023, the rest to PGRST301. */
export class JwtError extends Error {
  readonly kind: 'malformed' | 'signature' | 'claims' | 'role';
  constructor(kind: JwtError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/** PostgREST allows this much clock skew on exp/nbf/iat. */
const CLOCK_SKEW_S = 30;

/**
 * Tokens whose signature verified, by their text, per set of keys (a JwtKeys is never changed;
 * new keys are a new object). Every request of a client carries the same apikey and bearer
 * token, and a signature check costs tens of µs. Only the signature is remembered: the time
 * claims are checked again on each use, exactly as below, and a token failing them is verified
 * in full so it gets the same error. Failures are never remembered.
 */
const verified = new WeakMap<JwtKeys, Map<string, string>>();
const MAX_VERIFIED = 1000;

/** The claims of a token verified before, if its time claims still hold (a fresh copy each time). */
function stillValid(keys: JwtKeys, token: string): JWTPayload | undefined {
  const json = verified.get(keys)?.get(token);
  if (json === undefined) return undefined;
  const payload = JSON.parse(json) as JWTPayload;
  const now = Math.floor(Date.now() / 1000); // as jose counts
  if (typeof payload.exp === 'number' && payload.exp <= now - CLOCK_SKEW_S) return undefined;
  if (typeof payload.nbf === 'number' && payload.nbf > now + CLOCK_SKEW_S) return undefined;
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) return undefined;
  return payload;
}

function remember(keys: JwtKeys, token: string, payload: JWTPayload): void {
  let byToken = verified.get(keys);
  if (!byToken) verified.set(keys, (byToken = new Map()));
  if (byToken.size >= MAX_VERIFIED) byToken.delete(byToken.keys().next().value!);
  byToken.set(token, JSON.stringify(payload));
}

/**
 * Verifies a token the way every API shares. The key is chosen by the header's `kid` and the
 * algorithm by that key, never by the header's `alg`: a `kid` naming a configured signing key
 * is checked with that public key and its algorithm only (ES256 or RS256); anything else with
 * the HS256 secret only. So `none`, HS256 signed with a public key, an unknown or retired `kid`
 * and any other algorithm all fail.
 */
export async function verifyJwt(token: string, keys: JwtKeys): Promise<JWTPayload> {
  const known = stillValid(keys, token);
  if (known) return known;
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts.length}`);
  try {
    const kid = decodeProtectedHeader(token).kid;
    const pub = typeof kid === 'string' ? keys.publicKeys.get(kid) : undefined;
    const { payload } = pub
      ? await jwtVerify(token, pub.key, { algorithms: [pub.alg], clockTolerance: CLOCK_SKEW_S })
      : await jwtVerify(token, keys.secret, { algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_S });
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) {
      throw new JwtError('claims', 'JWT issued at future');
    }
    remember(keys, token, payload);
    return payload;
  } catch (err) {
    if (err instanceof JwtError) throw err;
    if (err instanceof errors.JWTExpired) throw new JwtError('claims', 'JWT expired');
    if (err instanceof errors.JWTClaimValidationFailed) {
      throw new JwtError('claims', err.claim === 'nbf' ? 'JWT not yet valid' : `JWT claim "${err.claim}" is invalid`);
    }
    if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) {
      throw new JwtError('signature', 'No suitable key or wrong key type');
    }
    if (err instanceof errors.JWSSignatureVerificationFailed) {
      throw new JwtError('signature', 'JWT cryptographic operation failed');
    }
    throw new JwtError('malformed', 'JWT cannot be decoded');
  }
}
