import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AuthSettings } from './auth-settings.ts';
import type { AuthError } from './errors.ts';
import type { TokenResponse } from './token-response.ts';

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\./.test(h);
}

const REGULAR_HOST = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/**
 * GoTrue's IsRedirectURLValid: the site URL's scheme and host (any port on loopback), loopback
 * IPs, or a match in additional_redirect_urls. Decimal IPs and odd host names never pass.
 */
export function isRedirectAllowed(s: AuthSettings, redirect: string): boolean {
  if (!redirect) return false;
  const base = parse(s.siteUrl);
  const ref = parse(redirect);
  if (!base || !ref) return false;
  const host = ref.hostname;
  if (base.hostname === host && base.protocol === ref.protocol && (base.port === ref.port || isLoopback(host))) return true;
  const isHttp = ref.protocol === 'http:' || ref.protocol === 'https:';
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^[0-9]+$/.test(bare)) return false;
  if (isIP(bare)) return isLoopback(bare);
  if (isHttp && host !== '' && !REGULAR_HOST.test(host)) return false;
  const withoutFragment = redirect.split('#')[0]!;
  return s.redirectPatterns.some((p) => p.test(withoutFragment));
}

/**
 * Where to send the user back to (GoTrue's GetReferrer): `redirect_to` from the query or body
 * when allowed, else an allowed Referer, else the site URL.
 */
export function referrerOf(s: AuthSettings, req: FastifyRequest, fromBody?: string): string {
  const q = (req.query as Record<string, unknown> | undefined)?.redirect_to;
  const header = req.headers.redirect_to;
  const candidates = [typeof header === 'string' ? header : '', typeof q === 'string' ? q : '', fromBody ?? ''];
  for (const c of candidates) if (c && isRedirectAllowed(s, c)) return c;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && isRedirectAllowed(s, referer)) return referer;
  return s.siteUrl;
}

/** Go's url.Values.Encode: keys sorted, form encoding. */
function encodeSorted(params: Record<string, string>): string {
  const sp = new URLSearchParams();
  for (const k of Object.keys(params).sort()) sp.append(k, params[k]!);
  return sp.toString();
}

/** Implicit flow: the session in the fragment, as auth-js's detectSessionInUrl reads it. */
export function implicitRedirect(redirectTo: string, t: TokenResponse, type: string): string {
  return `${redirectTo}#${encodeSorted({
    access_token: t.access_token,
    expires_at: String(t.expires_at),
    expires_in: String(t.expires_in),
    refresh_token: t.refresh_token,
    sb: '',
    token_type: t.token_type,
    type,
  })}`;
}

/** PKCE flow: `?code=` added to the redirect's own query (keys sorted, as Go re-encodes them). */
export function pkceRedirect(redirectTo: string, code: string): string {
  const u = parse(redirectTo);
  if (!u) return redirectTo;
  u.searchParams.set('code', code);
  u.searchParams.sort();
  return u.toString();
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** A failed email link: error, error_code, error_description in the fragment (and query, for PKCE). */
export function errorRedirect(redirectTo: string, err: AuthError, pkce: boolean): string {
  const u = parse(redirectTo);
  if (!u) return redirectTo;
  const fields: Record<string, string> = { error_code: err.code, error_description: err.message };
  const oauth = OAUTH_ERRORS[err.status];
  if (oauth) fields.error = oauth;
  if (pkce) {
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    u.searchParams.sort();
  }
  u.hash = encodeSorted({ ...fields, sb: '' });
  return u.toString();
}

/** The first half of a secure email change: a message for the user, no session yet. */
export function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  const u = parse(redirectTo);
  if (!u) return redirectTo;
  if (pkce) {
    u.searchParams.set('message', message);
    u.searchParams.sort();
  }
  u.hash = encodeSorted({ message, sb: '' });
  return u.toString();
}
