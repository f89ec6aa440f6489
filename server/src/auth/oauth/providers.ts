import { externalProviderProblem, isKnownProvider, type ExternalProviderSettings } from '../../config/auth-config.ts';
import { oidcProvider, PROVIDER_TIMEOUT_MS, verifyIdToken, type IdTokenCheck } from './oidc.ts';
import { completeFromUserinfo, fetchUserinfo } from './userinfo.ts';
import { genericClaims, githubUser, gitlabUser, discordUser, mapIdTokenClaims, type ExternalUser, type ProviderTokens } from './profiles.ts';

export type ProviderKind = 'github' | 'gitlab' | 'discord' | 'oidc';

/** One configured external provider, as /authorize, /callback and the id-token grant use it. */
export interface ExternalProvider {
  /** The name in `?provider=` and in auth.identities.provider (`custom:<name>` for other issuers). */
  name: string;
  kind: ProviderKind;
  clientIds: string[];
  secret: string;
  /** Empty: `<auth url>/callback`. */
  redirectUri: string;
  skipNonceCheck: boolean;
  emailOptional: boolean;
  /** OpenID providers: the issuer whose discovery document names the endpoints. */
  issuer?: string;
  /** The issuer of its ID tokens, when not exactly `issuer` (Azure's per-tenant issuers). */
  issuerTest?: (iss: string) => boolean;
  /** Scopes always asked for; `?scopes=` adds to them. */
  scopes: string[];
  /** Endpoints of the plain OAuth 2 providers. */
  endpoints?: { authorize: string; token: string; api: string };
  /** Apple answers with a form POST to /callback. */
  formPost: boolean;
  /** Why it cannot be used (missing secret, …): it is refused with this. */
  problem?: string;
}

function trimmed(url: string | undefined, fallback: string): string {
  return (url && url !== '' ? url : fallback).replace(/\/+$/, '');
}

/** GoTrue's per-provider defaults; `url` points GitHub/GitLab/Discord at another host (Enterprise, self-hosted). */
function buildProvider(name: string, s: ExternalProviderSettings): ExternalProvider {
  const base = {
    clientIds: s.clientId ?? [],
    secret: s.secret ?? '',
    redirectUri: s.redirectUri ?? '',
    skipNonceCheck: s.skipNonceCheck ?? false,
    emailOptional: s.emailOptional ?? false,
    formPost: false,
  };
  switch (name) {
    case 'github': {
      const host = trimmed(s.url, 'https://github.com');
      const api = s.url ? `${host}/api/v3` : 'https://api.github.com';
      return { ...base, name, kind: 'github', scopes: ['user:email'], endpoints: { authorize: `${host}/login/oauth/authorize`, token: `${host}/login/oauth/access_token`, api } };
    }
    case 'gitlab': {
      const host = trimmed(s.url, 'https://gitlab.com');
      return { ...base, name, kind: 'gitlab', scopes: ['read_user'], endpoints: { authorize: `${host}/oauth/authorize`, token: `${host}/oauth/token`, api: `${host}/api/v4` } };
    }
    case 'discord': {
      const api = `${trimmed(s.url, 'https://discord.com')}/api`;
      return { ...base, name, kind: 'discord', scopes: ['email', 'identify'], endpoints: { authorize: `${api}/oauth2/authorize`, token: `${api}/oauth2/token`, api } };
    }
    case 'google':
      // GoTrue ignores `url` for Google; here it may name another issuer (a mirror, a test provider).
      return { ...base, name, kind: 'oidc', issuer: trimmed(s.url, 'https://accounts.google.com'), scopes: ['openid', 'email', 'profile'] };
    case 'apple':
      return { ...base, name, kind: 'oidc', issuer: trimmed(s.url, 'https://appleid.apple.com'), scopes: ['openid', 'name', 'email'], formPost: true };
    case 'azure': {
      const issuer = `${trimmed(s.url, 'https://login.microsoftonline.com/common')}/v2.0`;
      return { ...base, name, kind: 'oidc', issuer, issuerTest: azureIssuerTest(issuer), scopes: ['openid', 'email', 'profile'] };
    }
    case 'keycloak':
      return { ...base, name, kind: 'oidc', issuer: trimmed(s.url, ''), scopes: ['openid', 'profile', 'email'] };
    default:
      return { ...base, name: `custom:${name}`, kind: 'oidc', issuer: trimmed(s.url, ''), scopes: ['openid', 'email', 'profile'] };
  }
}

/**
 * Azure's common and organizations endpoints hand out tokens whose issuer names the user's
 * tenant: accept exactly `https://login.microsoftonline.com/<tenant GUID>/v2.0` then.
 */
function azureIssuerTest(issuer: string): ((iss: string) => boolean) | undefined {
  const m = /^(https:\/\/login\.microsoftonline\.com)\/(common|organizations|consumers)\/v2\.0$/.exec(issuer);
  if (!m) return undefined;
  const pattern = /^https:\/\/login\.microsoftonline\.com\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/v2\.0$/;
  return (iss) => pattern.test(iss);
}

/** The enabled providers by the name clients use for them. */
export function configuredProviders(settings: Record<string, ExternalProviderSettings>): Map<string, ExternalProvider> {
  const out = new Map<string, ExternalProvider>();
  for (const [name, s] of Object.entries(settings)) {
    if (!s.enabled) continue;
    const problem = externalProviderProblem(name, s);
    // A GoTrue provider we lack keeps its own name, so asking for it says why it is refused.
    const p = { ...buildProvider(name, s), problem, ...(isKnownProvider(name) ? { name } : {}) };
    out.set(p.name, p);
  }
  return out;
}

/** Parameters a caller may not set on the provider's authorize URL (GoTrue's reservedOAuthParams). */
const RESERVED = new Set([
  'client_id', 'client_secret', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method',
  'scope', 'nonce', 'response_mode', 'provider', 'scopes', 'redirect_to', 'invite_token', 'skip_http_redirect',
]);

/** Where the user's browser goes to sign in at the provider. */
export async function authorizeUrl(
  p: ExternalProvider,
  o: { state: string; nonce: string; redirectUri: string; scopes: string; extra: Record<string, string> },
): Promise<string> {
  const endpoint = p.kind === 'oidc' ? (await oidcProvider(p.issuer!).meta).authorization_endpoint : p.endpoints!.authorize;
  const u = new URL(endpoint);
  for (const [k, v] of Object.entries(o.extra)) if (!RESERVED.has(k.toLowerCase())) u.searchParams.set(k, v);
  const scopes = [...p.scopes, ...o.scopes.split(/[,\s]+/).filter(Boolean)];
  u.searchParams.set('client_id', p.clientIds[0]!);
  u.searchParams.set('redirect_uri', o.redirectUri);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', [...new Set(scopes)].join(' '));
  u.searchParams.set('state', o.state);
  if (p.kind === 'oidc') u.searchParams.set('nonce', o.nonce);
  if (p.formPost) u.searchParams.set('response_mode', 'form_post');
  return u.toString();
}

export class ProviderError extends Error {}

async function postForm(url: string, form: Record<string, string>, basic?: [string, string]): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(basic[0])}:${enc(basic[1])}`).toString('base64')}`;
  }
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = Object.fromEntries(new URLSearchParams(text));
  }
  // GitHub answers a refused code with 200 and {error}.
  if (!res.ok || typeof body.error === 'string') {
    throw new ProviderError(`token endpoint answered ${res.status}: ${String(body.error ?? '')} ${String(body.error_description ?? '')}`.trim());
  }
  if (typeof body.access_token !== 'string') throw new ProviderError('token endpoint returned no access_token');
  return body;
}

/** Exchanges the provider's code for its tokens (client_secret_basic where the issuer offers it, else in the body). */
async function exchangeCode(p: ExternalProvider, code: string, redirectUri: string): Promise<ProviderTokens> {
  const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
  let body: Record<string, unknown>;
  if (p.kind === 'oidc') {
    const meta = await oidcProvider(p.issuer!).meta;
    const methods = (meta as { token_endpoint_auth_methods_supported?: string[] }).token_endpoint_auth_methods_supported;
    const basic = !methods || methods.includes('client_secret_basic');
    body = basic
      ? await postForm(meta.token_endpoint, form, [p.clientIds[0]!, p.secret])
      : await postForm(meta.token_endpoint, { ...form, client_id: p.clientIds[0]!, client_secret: p.secret });
  } else {
    body = await postForm(p.endpoints!.token, { ...form, client_id: p.clientIds[0]!, client_secret: p.secret });
  }
  return {
    accessToken: body.access_token as string,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    idToken: typeof body.id_token === 'string' ? body.id_token : undefined,
  };
}

/** The ID-token checks for this provider: its issuer (or Azure's tenant rule) and client ids. */
export function idTokenCheck(p: ExternalProvider, extra: Partial<IdTokenCheck> = {}): IdTokenCheck {
  return { issuer: p.issuerTest ?? p.issuer!, audiences: p.clientIds, ...extra };
}

/**
 * The provider's side of /callback: the code exchanged, then who signed in — from the verified
 * ID token (nonce and at_hash checked) for OpenID providers, completed from userinfo when the
 * token has no address, else from the provider's API.
 */
export async function userFromCode(p: ExternalProvider, code: string, redirectUri: string, nonce: string): Promise<ExternalUser> {
  const tokens = await exchangeCode(p, code, redirectUri);
  switch (p.kind) {
    case 'github':
      return githubUser(p.endpoints!.api, tokens);
    case 'gitlab':
      return gitlabUser(p.endpoints!.api, tokens);
    case 'discord':
      return discordUser(p.endpoints!.api, tokens);
    case 'oidc': {
      const provider = oidcProvider(p.issuer!);
      const meta = await provider.meta;
      if (tokens.idToken) {
        const verified = await verifyIdToken(tokens.idToken, await provider.jwks, idTokenCheck(p, { nonce, accessToken: tokens.accessToken }));
        return { ...mapIdTokenClaims(p.name, await completeFromUserinfo(meta, tokens.accessToken, verified)), tokens };
      }
      return { ...genericClaims(await fetchUserinfo(meta, tokens.accessToken)), tokens };
    }
  }
}
