import type { Queryable } from '../../db/db-types.ts';
import type { NewCredential, StoredCredential } from './webauthn-core.ts';

/** A row of auth.webauthn_credentials (GoTrue's passkeys). */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Uint8Array;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export type ChallengeType = 'signup' | 'registration' | 'authentication';

/** GoTrue's WebAuthn challenge lifetime. */
export const CHALLENGE_TTL_SECONDS = 300;

export function storedCredential(p: PasskeyRow): StoredCredential {
  return {
    id: Buffer.from(p.credential_id).toString('base64url'),
    publicKey: new Uint8Array(p.public_key),
    counter: Number(p.sign_count),
    transports: p.transports,
  };
}

/** A passkey as GoTrue lists it: id, friendly_name (omitted when empty), created_at, last_used_at. */
export function passkeyJson(p: PasskeyRow): Record<string, unknown> {
  return {
    id: p.id,
    friendly_name: p.friendly_name || undefined,
    created_at: p.created_at.toISOString(),
    last_used_at: p.last_used_at?.toISOString(),
  };
}

export async function listPasskeys(q: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await q.query<PasskeyRow>('select * from auth.webauthn_credentials where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

export async function findPasskey(q: Queryable, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const { rows } = await q.query<PasskeyRow>('select * from auth.webauthn_credentials where id = $1 and user_id = $2', [id, userId]);
  return rows[0];
}

export async function findPasskeyByCredentialId(q: Queryable, credentialId: string): Promise<PasskeyRow | undefined> {
  const { rows } = await q.query<PasskeyRow>('select * from auth.webauthn_credentials where credential_id = $1', [Buffer.from(credentialId, 'base64url')]);
  return rows[0];
}

export async function insertPasskey(q: Queryable, userId: string, c: NewCredential, friendlyName: string): Promise<PasskeyRow> {
  const { rows } = await q.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count,
                                            transports, backup_eligible, backed_up, friendly_name)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) returning *`,
    [userId, Buffer.from(c.id, 'base64url'), Buffer.from(c.publicKey), c.attestationType, c.aaguid, c.counter, JSON.stringify(c.transports ?? []), c.backupEligible, c.backedUp, friendlyName],
  );
  return rows[0]!;
}

export async function saveChallenge(q: Queryable, type: ChallengeType, userId: string | null, challenge: string): Promise<{ id: string; expires_at: Date }> {
  const { rows } = await q.query<{ id: string; expires_at: Date }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3::jsonb, now() + make_interval(secs => $4)) returning id, expires_at`,
    [userId, type, JSON.stringify({ challenge }), CHALLENGE_TTL_SECONDS],
  );
  return rows[0]!;
}

/** Takes a challenge out (GoTrue's ConsumeWebAuthnChallengeByID): each is answered once. */
export async function consumeChallenge(q: Queryable, id: string, type: ChallengeType, userId: string | null): Promise<{ challenge: string; expired: boolean } | undefined> {
  const { rows } = await q.query<{ session_data: { challenge: string }; expired: boolean }>(
    `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3
     returning session_data, expires_at < now() as expired`,
    [id, type, userId],
  );
  const row = rows[0];
  return row ? { challenge: row.session_data.challenge, expired: row.expired } : undefined;
}
