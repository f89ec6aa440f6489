import { createHmac, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, badRequest, OAuthError } from '../errors.ts';
import type { TokenResponse } from '../token-response.ts';
import type { ExternalProvider } from './providers.ts';

/** auth.flow_state as an OAuth flow uses it: its id is the `state` sent to the provider. */
export interface OAuthFlowRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge: string | null;
  provider_type: string;
  referrer: string | null;
  linking_target_id: string | null;
  created_at: Date;
}

export const isPkceFlow = (f: OAuthFlowRow) => !!f.code_challenge;

/** GoTrue's FlowStateExpiryDuration for OAuth state. */
const FLOW_EXPIRY_MS = 300_000;

export async function createOAuthFlow(
  q: Queryable,
  f: { provider: string; referrer: string; codeChallenge: string; codeChallengeMethod: string; linkTo?: string },
): Promise<OAuthFlowRow> {
  const pkce = f.codeChallenge !== '';
  const { rows } = await q.query<OAuthFlowRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  authentication_method, referrer, linking_target_id, created_at, updated_at)
     values ($1, null, $2, $3::auth.code_challenge_method, $4, $5, 'oauth', $6, $7, now(), now()) returning *`,
    [randomUUID(), pkce ? randomUUID() : null, pkce ? f.codeChallengeMethod.toLowerCase() : null, pkce ? f.codeChallenge : null, f.provider, f.referrer, f.linkTo ?? null],
  );
  return rows[0]!;
}

/**
 * The nonce sent to an OpenID provider with this flow, and required back in its ID token: a MAC
 * of the flow's id, so nothing more is stored and a token minted for another flow fails.
 */
export function flowNonce(a: AuthContext, flowId: string): string {
  return createHmac('sha256', a.settings.jwt.secret).update(`gather/oauth-nonce/${flowId}`).digest('base64url');
}

/** The provider's callback URL registered with it: `redirect_uri`, else `<auth url>/callback`. */
export function callbackUrl(a: AuthContext, p: ExternalProvider): string {
  return p.redirectUri || `${a.authUrl()}/callback`;
}

/**
 * GoTrue's loadExternalState: the flow named by `state` — present, a UUID, known, not expired,
 * and for PKCE not claimed yet. Errors here go back to the site URL.
 */
export async function loadFlow(q: Queryable, state: string, lock = false): Promise<OAuthFlowRow> {
  if (state === '') throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(state)) {
    throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
  }
  const { rows } = await q.query<OAuthFlowRow>(
    `select * from auth.flow_state where id = $1 and authentication_method = 'oauth'${lock ? ' for update' : ''}`,
    [state],
  );
  const flow = rows[0];
  if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
  if (Date.now() > flow.created_at.getTime() + FLOW_EXPIRY_MS) throw badRequest('bad_oauth_state', 'OAuth state has expired');
  if (isPkceFlow(flow) && flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
  return flow;
}

const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };
const DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

/** GoTrue's getErrorQueryString: error, error_code, error_description. */
function errorFields(err: AuthError | OAuthError): Record<string, string> {
  if (err instanceof OAuthError) return { error: err.error, error_description: err.message };
  const error = DENIED.has(err.code) ? 'access_denied' : (OAUTH_ERRORS[err.status] ?? 'server_error');
  return { error, error_code: err.code, error_description: err.message };
}

/** A failed sign-in back at the app (GoTrue's redirectErrors): the error in the query and, for older clients, the fragment. */
export function oauthErrorRedirect(to: string, err: AuthError | OAuthError, inFragment = true): string {
  const u = new URL(to);
  const fields = errorFields(err);
  for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
  if (inFragment) u.hash = new URLSearchParams({ ...fields, sb: '' }).toString();
  return u.toString();
}

/** Implicit flow: the session and the provider's tokens in the fragment (GoTrue's AsRedirectURL). */
export function oauthSessionRedirect(to: string, t: TokenResponse, providerToken: string, providerRefreshToken: string): string {
  const params = new URLSearchParams({ provider_token: providerToken });
  if (providerRefreshToken) params.set('provider_refresh_token', providerRefreshToken);
  for (const [k, v] of Object.entries({
    access_token: t.access_token,
    token_type: t.token_type,
    expires_in: String(t.expires_in),
    expires_at: String(t.expires_at),
    refresh_token: t.refresh_token,
    sb: '',
  })) params.set(k, v);
  params.sort();
  return `${to}#${params.toString()}`;
}
