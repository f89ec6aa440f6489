import type { Queryable } from '../db/db-types.ts';
import { signAccessToken } from './access-token.ts';
import type { AuthContext } from './auth-context.ts';
import { customizeAccessTokenClaims } from './hooks/custom-access-token.ts';

import { amrOf, createSession, type AmrEntry, type ClientInfo } from './session-store.ts';
import { loadUserJson } from './user-json.ts';
import { updateUser, type UserRow } from './user-store.ts';

/** GoTrue's AccessTokenResponse. auth-js treats it as a session when the first three are truthy. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
  /** After an OAuth sign-in: the provider's own tokens, for calling its API. */
  provider_token?: string;
  provider_refresh_token?: string;
}

export async function tokenResponse(
  auth: AuthContext,
  q: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  knownAmr?: AmrEntry[],
  /** GoTrue's authentication_method for the custom_access_token hook; else the session's newest. */
  authMethod?: string,
): Promise<TokenResponse> {
  const amr = knownAmr ?? (await amrOf(q, sessionId));
  const hook = auth.settings.hooks.customAccessToken;
  const method = authMethod ?? [...amr].sort((a, b) => b.timestamp - a.timestamp)[0]?.method ?? '';
  const customize = hook ? (c: Record<string, unknown>) => customizeAccessTokenClaims(q, hook, user.id, c, method) : undefined;
  const { token, expiresAt } = await signAccessToken(auth.settings, auth.authUrl(), user, sessionId, amr, customize);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: auth.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await loadUserJson(q, user),
  };
}

/**
 * Signs a user in (GoTrue's IssueRefreshToken): a new session with `method` in its AMR, its
 * first refresh token, last_sign_in_at, and the token response. Call inside a transaction.
 */
export async function issueSession(
  auth: AuthContext,
  tx: Queryable,
  user: UserRow,
  method: string,
  client: ClientInfo,
): Promise<TokenResponse> {
  const { sessionId, refreshToken, amr } = await createSession(tx, user.id, method, client);
  const signedIn = await updateUser(tx, user.id, { last_sign_in_at: new Date() });
  return tokenResponse(auth, tx, signedIn, sessionId, refreshToken, amr, method);
}
