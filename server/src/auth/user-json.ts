import type { Queryable } from '../db/db-types.ts';
import { factorJson, listFactors, type FactorRow } from './factor-store.ts';
import { listIdentities, type IdentityRow } from './identity-store.ts';
import type { UserRow } from './user-store.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function identityJson(i: IdentityRow): Record<string, unknown> {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

/**
 * A user as GoTrue's models.User serialises it: same keys in the same order, optional
 * timestamps left out when null, email and phone as "" when absent, secrets never.
 */
export function userJson(u: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: iso(u.phone_change_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
  // JSON.stringify drops undefined, which is GoTrue's `omitempty`.
  return out;
}

/** The user with their identities and factors loaded, as every user-returning endpoint answers. */
export async function loadUserJson(q: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([listIdentities(q, u.id), listFactors(q, u.id)]);
  return userJson(u, identities, factors);
}
