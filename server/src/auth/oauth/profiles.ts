import { PROVIDER_TIMEOUT_MS } from './oidc.ts';

export interface ExternalEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  idToken?: string;
}

/** Who signed in at the provider: their addresses and GoTrue's `Claims` (identity_data). */
export interface ExternalProfile {
  emails: ExternalEmail[];
  claims: Record<string, unknown>;
}

export interface ExternalUser extends ExternalProfile {
  tokens: ProviderTokens;
}

/** The claim names of GoTrue's provider.Claims, in its order; others are dropped. */
const CLAIM_NAMES = [
  'iss', 'sub', 'aud', 'iat', 'exp', 'name', 'family_name', 'given_name', 'middle_name', 'nickname',
  'preferred_username', 'profile', 'picture', 'website', 'gender', 'birthdate', 'zoneinfo', 'locale', 'updated_at',
  'email', 'email_verified', 'phone', 'phone_verified', 'custom_claims', 'full_name', 'avatar_url', 'slug',
  'provider_id', 'user_name',
];

/** Keeps GoTrue's claims that have a value (its `omitempty`). */
export function pickClaims(src: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CLAIM_NAMES) {
    const v = src[k];
    if (v !== undefined && v !== null && v !== '' && v !== 0 && v !== false) out[k] = v;
  }
  return out;
}

/**
 * identity_data as GoTrue stores it (structs.Map of the claims): the address taken from the
 * primary email (else the last), `email_verified` and `phone_verified` always present.
 */
export function identityData(profile: ExternalProfile): Record<string, unknown> {
  const data: Record<string, unknown> = { ...profile.claims, email_verified: false, phone_verified: profile.claims.phone_verified === true };
  delete data.email;
  let chosen: ExternalEmail | undefined;
  for (const e of profile.emails) {
    chosen = e;
    if (e.primary) break;
  }
  if (chosen) {
    data.email = chosen.email;
    data.email_verified = chosen.verified;
  }
  return data;
}

const asBool = (v: unknown) => v === true || v === 'true';

/** A generic OpenID token or userinfo answer. */
export function genericClaims(c: Record<string, unknown>): ExternalProfile {
  const claims = pickClaims({ ...c, email_verified: asBool(c.email_verified), phone_verified: asBool(c.phone_verified) });
  const emails = typeof c.email === 'string' && c.email !== '' ? [{ email: c.email, verified: asBool(c.email_verified), primary: true }] : [];
  return { emails, claims };
}

/** GoTrue's per-issuer ID-token readers: Google, Apple, Azure, else the generic one. */
export function mapIdTokenClaims(provider: string, c: Record<string, unknown>): ExternalProfile {
  const email = typeof c.email === 'string' ? c.email : '';
  switch (provider) {
    case 'google': {
      const verified = asBool(c.email_verified) || asBool(c.verified_email);
      const claims = pickClaims({ iss: c.iss, sub: c.sub, name: c.name, picture: c.picture, avatar_url: c.picture, full_name: c.name, provider_id: c.sub });
      if (typeof c.hd === 'string' && c.hd) claims.custom_claims = { hd: c.hd };
      return { emails: email ? [{ email, verified, primary: true }] : [], claims };
    }
    case 'apple': {
      // Apple vouches for the addresses it hands out (relay ones included).
      const custom: Record<string, unknown> = {};
      for (const k of ['is_private_email', 'auth_time', 'transfer_sub']) if (c[k] !== undefined) custom[k] = c[k];
      const claims = pickClaims({ iss: c.iss, sub: c.sub, provider_id: c.sub, custom_claims: Object.keys(custom).length ? custom : undefined });
      return { emails: [{ email, verified: true, primary: true }], claims };
    }
    case 'azure': {
      // xms_edov: the tenant owns the address's domain; without the claim an address counts as verified, as GoTrue has it.
      const edov = c.xms_edov;
      const verified = email !== '' && (edov === undefined || edov === true || edov === '1' || edov === 'true');
      const custom = { ...c };
      for (const k of ['aud', 'iss', 'iat', 'nbf', 'exp', 'c_hash', 'at_hash', 'aio', 'nonce', 'rh', 'uti', 'jti', 'ver', 'sub', 'name', 'preferred_username']) delete custom[k];
      const claims = pickClaims({ iss: c.iss, sub: c.sub, provider_id: c.sub, preferred_username: c.preferred_username, full_name: c.name, custom_claims: custom });
      return { emails: email ? [{ email, verified, primary: true }] : [], claims };
    }
    default:
      return genericClaims(c);
  }
}

async function api<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': 'gather-auth' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** GitHub: /user and /user/emails (the `user:email` scope), as GoTrue reads them. */
export async function githubUser(apiHost: string, tokens: ProviderTokens): Promise<ExternalUser> {
  const u = await api<{ id: number; login: string; name?: string; avatar_url?: string }>(`${apiHost}/user`, tokens.accessToken);
  const list = await api<{ email: string; primary: boolean; verified: boolean }[]>(`${apiHost}/user/emails`, tokens.accessToken);
  const id = String(u.id);
  const claims = pickClaims({
    iss: apiHost, sub: id, name: u.name, preferred_username: u.login,
    avatar_url: u.avatar_url, full_name: u.name, provider_id: id, user_name: u.login,
  });
  const emails = list.filter((e) => e.email).map((e) => ({ email: e.email, verified: e.verified, primary: e.primary }));
  return { emails, claims, tokens };
}

/** GitLab: /api/v4/user; its own address is verified when GitLab confirmed it, the others are not. */
export async function gitlabUser(apiBase: string, tokens: ProviderTokens): Promise<ExternalUser> {
  const u = await api<{ id: number; email?: string; name?: string; avatar_url?: string; confirmed_at?: string }>(`${apiBase}/user`, tokens.accessToken);
  const list = await api<{ email: string }[]>(`${apiBase}/user/emails`, tokens.accessToken);
  const emails: ExternalEmail[] = list.filter((e) => e.email).map((e) => ({ email: e.email, verified: false, primary: false }));
  if (u.email) emails.push({ email: u.email, verified: !!u.confirmed_at, primary: true });
  const id = String(u.id);
  const host = apiBase.replace(/\/api\/v4$/, '');
  const claims = pickClaims({ iss: host, sub: id, name: u.name, picture: u.avatar_url, avatar_url: u.avatar_url, full_name: u.name, provider_id: id });
  return { emails, claims, tokens };
}

/** Discord: /users/@me with the `email` scope. */
export async function discordUser(apiPath: string, tokens: ProviderTokens): Promise<ExternalUser> {
  const u = await api<{ id: string; username: string; discriminator?: string; global_name?: string; avatar?: string; email?: string; verified?: boolean }>(
    `${apiPath}/users/@me`,
    tokens.accessToken,
  );
  const avatar = u.avatar
    ? `https://cdn.discordapp.com/avatars/${u.id}/${u.avatar}.${u.avatar.startsWith('a_') ? 'gif' : 'png'}`
    : `https://cdn.discordapp.com/embed/avatars/${Number(u.discriminator ?? 0) % 5}.png`;
  const claims = pickClaims({
    iss: apiPath, sub: u.id, name: `${u.username}#${u.discriminator ?? '0'}`, picture: avatar,
    custom_claims: { global_name: u.global_name }, avatar_url: avatar, full_name: u.username, provider_id: u.id,
  });
  const emails = u.email ? [{ email: u.email, verified: !!u.verified, primary: true }] : [];
  return { emails, claims, tokens };
}
