import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';

/** auth.one_time_token_type: GoTrue mirrors every emailed token here and looks links up by it. */
export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: OneTimeTokenType;
  token_hash: string;
  relates_to: string;
}

/** One live token per user and type: a new one replaces the old. */
export async function saveOneTimeToken(
  q: Queryable,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export async function findOneTimeToken(q: Queryable, hash: string, types: OneTimeTokenType[]): Promise<OneTimeTokenRow | undefined> {
  const { rows } = await q.query<OneTimeTokenRow>(
    `select * from auth.one_time_tokens where token_hash = $1 and token_type::text = any($2::text[])
     order by created_at desc limit 1`,
    [hash, types],
  );
  return rows[0];
}

export async function clearOneTimeToken(q: Queryable, userId: string, type: OneTimeTokenType): Promise<void> {
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type::text = $2', [userId, type]);
}

export async function clearAllOneTimeTokens(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}
