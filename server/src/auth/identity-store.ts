import type { Queryable } from '../db/db-types.ts';
import { mergeMetadata } from './user-store.ts';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/**
 * The identity data GoTrue stores for an email or phone account: its provider claims with
 * `email_verified`/`phone_verified` always present.
 */
export function emailIdentityData(userId: string, email: string, verified = false): Record<string, unknown> {
  return { sub: userId, email, email_verified: verified, phone_verified: false };
}

export async function listIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

/** Identities of many users in one query, grouped by user id (admin listing). */
export async function identitiesByUser(q: Queryable, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const out = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return out;
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where user_id = any($1::uuid[]) order by created_at, id',
    [userIds],
  );
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push(r);
    out.set(r.user_id, list);
  }
  return out;
}

export async function findIdentity(q: Queryable, userId: string, provider: string): Promise<IdentityRow | undefined> {
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where provider_id = $1 and provider = $2',
    [userId, provider],
  );
  return rows[0];
}

export async function insertIdentity(
  q: Queryable,
  userId: string,
  provider: string,
  data: Record<string, unknown>,
): Promise<IdentityRow> {
  const normalised = typeof data.email === 'string' ? { ...data, email: data.email.toLowerCase() } : data;
  const { rows } = await q.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now()) returning *`,
    [String(data.sub ?? userId), userId, JSON.stringify(normalised), provider],
  );
  return rows[0]!;
}

export async function updateIdentityData(q: Queryable, identity: IdentityRow, patch: Record<string, unknown>): Promise<IdentityRow> {
  const data = mergeMetadata(identity.identity_data, patch);
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  const { rows } = await q.query<IdentityRow>(
    'update auth.identities set identity_data = $2::jsonb, updated_at = now() where id = $1 returning *',
    [identity.id, JSON.stringify(data)],
  );
  return rows[0]!;
}

/** The providers a user can sign in with, for app_metadata.providers (GoTrue: FindProvidersByUser). */
export async function providersOf(q: Queryable, userId: string): Promise<string[]> {
  const { rows } = await q.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 group by provider order by min(created_at)',
    [userId],
  );
  return rows.map((r) => r.provider);
}
