import { SignJWT } from 'jose';
import type { AuthSettings } from './auth-settings.ts';
import { AAL2_METHODS } from './factor-store.ts';
import type { AmrEntry } from './session-store.ts';
import type { UserRow } from './user-store.ts';

export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/**
 * An access token with GoTrue's claims, in its order: iss, sub, aud (a plain string),
 * exp, iat, email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous.
 * Signed with the first signing key (its `alg` and `kid` in the header) when keys are
 * configured, else HS256 with the project secret.
 */
export async function signAccessToken(
  s: AuthSettings,
  issuer: string,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  /** The custom_access_token hook, when configured: its claims replace these. */
  customize?: (claims: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<SignedAccessToken> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + s.jwtExpiry;
  const standard = {
    iss: issuer,
    sub: user.id,
    aud: user.aud ?? s.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    // GoTrue's CalculateAALAndAMR: a second factor anywhere in the session's methods makes it aal2.
    aal: amr.some((e) => AAL2_METHODS.has(e.method)) ? 'aal2' : 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const claims = customize ? await customize(standard) : standard;
  const expiresAt = typeof claims.exp === 'number' ? claims.exp : exp;
  const signing = s.jwt.signing;
  const token = signing
    ? await new SignJWT(claims).setProtectedHeader({ alg: signing.alg, kid: signing.kid, typ: 'JWT' }).sign(signing.key)
    : await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(s.jwt.secret);
  return { token, expiresAt };
}
