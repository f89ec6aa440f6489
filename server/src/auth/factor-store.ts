import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';

export type FactorType = 'totp' | 'phone' | 'webauthn';

/** A row of auth.mfa_factors. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
  web_authn_credential: Record<string, unknown> | null;
  web_authn_aaguid: string | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  otp_code: string | null;
  web_authn_session_data: Record<string, unknown> | null;
}

/** The AMR method a verified factor of each type adds to a session (GoTrue's names). */
export const AMR_METHOD: Record<FactorType, string> = { totp: 'totp', phone: 'mfa/phone', webauthn: 'mfa/webauthn' };

/** Methods that make a session aal2. */
export const AAL2_METHODS = new Set(Object.values(AMR_METHOD));

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A factor as GoTrue's models.Factor serialises it (secrets never). */
export function factorJson(f: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: iso(f.last_challenged_at),
  };
  if (f.web_authn_aaguid) out.web_authn_aaguid = f.web_authn_aaguid;
  return out;
}

export async function listFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

/** Factors of many users in one query (admin listing). */
export async function factorsByUser(q: Queryable, userIds: string[]): Promise<Map<string, FactorRow[]>> {
  const out = new Map<string, FactorRow[]>();
  if (userIds.length === 0) return out;
  const { rows } = await q.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id',
    [userIds],
  );
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r]);
  return out;
}

export async function findOwnedFactor(q: Queryable, userId: string, id: string, forUpdate = false): Promise<FactorRow | undefined> {
  const { rows } = await q.query<FactorRow>(
    `select * from auth.mfa_factors where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`,
    [id, userId],
  );
  return rows[0];
}

export async function insertFactor(
  q: Queryable,
  f: { userId: string; type: FactorType; friendlyName: string; secret?: string; phone?: string },
): Promise<FactorRow> {
  const { rows } = await q.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
     values ($1, $2, $3, $4::auth.factor_type, 'unverified', now(), now(), $5, $6) returning *`,
    [randomUUID(), f.userId, f.friendlyName, f.type, f.secret ?? null, f.phone ?? null],
  );
  return rows[0]!;
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the expiry. */
export async function deleteExpiredFactors(q: Queryable, userId: string, expirySeconds: number): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $2) < now()`,
    [userId, expirySeconds],
  );
}

export async function insertChallenge(
  q: Queryable,
  factorId: string,
  ip: string,
  extra: { otpCode?: string; webAuthnSession?: Record<string, unknown> } = {},
): Promise<ChallengeRow> {
  const { rows } = await q.query<ChallengeRow>(
    `with c as (
       insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code, web_authn_session_data)
       values ($1, $2, now(), $3::inet, $4, $5::jsonb) returning *
     ), f as (
       update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $2
     )
     select * from c`,
    [randomUUID(), factorId, ip, extra.otpCode ?? null, extra.webAuthnSession ? JSON.stringify(extra.webAuthnSession) : null],
  );
  return rows[0]!;
}

/** The challenge, locked, and whether it was made from `ip` (compared as addresses, not text). */
export async function findChallenge(q: Queryable, factorId: string, id: string, ip: string): Promise<(ChallengeRow & { same_ip: boolean }) | undefined> {
  const { rows } = await q.query<ChallengeRow & { same_ip: boolean }>(
    'select *, ip_address = $3::inet as same_ip from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
    [id, factorId, ip],
  );
  return rows[0];
}

/**
 * After a factor is removed: sessions it raised drop back to aal1 and lose its AMR method
 * (GoTrue's DowngradeSessionsToAAL1).
 */
export async function deleteFactor(q: Queryable, f: FactorRow): Promise<void> {
  await q.query(
    `with s as (select id from auth.sessions where user_id = $1 and factor_id = $2),
          a as (delete from auth.mfa_amr_claims where session_id in (select id from s) and authentication_method = $3),
          u as (update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where id in (select id from s))
     delete from auth.mfa_factors where id = $2`,
    [f.user_id, f.id, AMR_METHOD[f.factor_type]],
  );
}
