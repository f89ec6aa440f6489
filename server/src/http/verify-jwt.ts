import { errors, jwtVerify, type JWTPayload } from 'jose';

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
 * Verifies an HS256 token with the project secret. The algorithm list is fixed, so `none` and
 * asymmetric algorithms (key-confusion attacks) are refused whatever the header says.
 */
export async function verifyJwt(token: string, secret: Uint8Array): Promise<JWTPayload> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts.length}`);
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_S });
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) {
      throw new JwtError('claims', 'JWT issued at future');
    }
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
