import { SignJWT } from 'jose';
import type { AuthSettings } from './auth-settings.ts';
import type { AmrEntry } from './session-store.ts';
import type { UserRow } from './user-store.ts';

export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/**
 * An HS256 access token with GoTrue's claims, in its order: iss, sub, aud (a plain string),
 * exp, iat, email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous.
 */
export async function signAccessToken(
  s: AuthSettings,
  issuer: string,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
): Promise<SignedAccessToken> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + s.jwtExpiry;
  const claims = {
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
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(s.jwtSecret);
  return { token, expiresAt: exp };
}
