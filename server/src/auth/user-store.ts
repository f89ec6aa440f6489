import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';

/** A row of auth.users as both drivers return it (timestamps as Date, jsonb parsed). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

/** Columns a flow may set; anything else (confirmed_at is generated) is refused by the type. */
export type UserUpdate = Partial<
  Pick<
    UserRow,
    | 'aud' | 'role' | 'email' | 'encrypted_password' | 'email_confirmed_at' | 'invited_at' | 'confirmation_token'
    | 'confirmation_sent_at' | 'recovery_token' | 'recovery_sent_at' | 'email_change_token_new' | 'email_change'
    | 'email_change_sent_at' | 'email_change_token_current' | 'email_change_confirm_status' | 'last_sign_in_at'
    | 'raw_app_meta_data' | 'raw_user_meta_data' | 'phone' | 'phone_confirmed_at' | 'banned_until'
    | 'reauthentication_token' | 'reauthentication_sent_at' | 'deleted_at' | 'is_anonymous'
    | 'phone_change' | 'phone_change_token' | 'phone_change_sent_at'
  >
>;

const UPDATABLE = new Set<string>([
  'aud', 'role', 'email', 'encrypted_password', 'email_confirmed_at', 'invited_at', 'confirmation_token',
  'confirmation_sent_at', 'recovery_token', 'recovery_sent_at', 'email_change_token_new', 'email_change',
  'email_change_sent_at', 'email_change_token_current', 'email_change_confirm_status', 'last_sign_in_at',
  'raw_app_meta_data', 'raw_user_meta_data', 'phone', 'phone_confirmed_at', 'banned_until',
  'reauthentication_token', 'reauthentication_sent_at', 'deleted_at', 'is_anonymous',
  'phone_change', 'phone_change_token', 'phone_change_sent_at',
]);
const JSON_COLUMNS = new Set(['raw_app_meta_data', 'raw_user_meta_data']);

/** GoTrue keeps every user under the nil instance id. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function isConfirmed(u: UserRow): boolean {
  return u.email_confirmed_at !== null || u.phone_confirmed_at !== null;
}

export function isBanned(u: UserRow, now = Date.now()): boolean {
  return u.banned_until !== null && u.banned_until.getTime() > now;
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0];
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, SSO users excluded. */
export async function findUserByEmail(q: Queryable, email: string, aud: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false
     order by created_at limit 1${forUpdate ? ' for update' : ''}`,
    [email, aud],
  );
  return rows[0];
}

/** GoTrue's FindUserByPhoneAndAudience (phone in its E.164 digits). */
export async function findUserByPhone(q: Queryable, phone: string, aud: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users where phone = $1 and aud = $2 order by created_at limit 1${forUpdate ? ' for update' : ''}`,
    [phone, aud],
  );
  return rows[0];
}

/** Whether another account already uses this address. */
export async function emailInUse(q: Queryable, email: string, aud: string, exceptId?: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false
       and ($3::uuid is null or id <> $3::uuid) limit 1`,
    [email, aud, exceptId ?? null],
  );
  return rows.length > 0;
}

export interface NewUser {
  id?: string;
  aud: string;
  role: string;
  email: string | null;
  phone?: string | null;
  encryptedPassword: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  isAnonymous?: boolean;
}

export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, is_anonymous, phone, is_super_admin, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, false, now(), now())
     returning *`,
    [
      NIL_UUID,
      u.id ?? randomUUID(),
      u.aud,
      u.role,
      u.email,
      u.encryptedPassword ?? '',
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.isAnonymous ?? false,
      u.phone ?? null,
    ],
  );
  return rows[0]!;
}

/** Sets the given columns (bound values, fixed column names) and bumps updated_at. */
export async function updateUser(q: Queryable, id: string, changes: UserUpdate): Promise<UserRow> {
  const cols = Object.keys(changes).filter((k) => UPDATABLE.has(k));
  const sets = cols.map((c, i) => (JSON_COLUMNS.has(c) ? `${c} = $${i + 2}::jsonb` : `${c} = $${i + 2}`));
  const values = cols.map((c) => {
    const v = (changes as Record<string, unknown>)[c];
    return JSON_COLUMNS.has(c) ? JSON.stringify(v ?? {}) : v;
  });
  const { rows } = await q.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    [id, ...values],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished during update`);
  return rows[0];
}

/** GoTrue's metadata merge: keys overwrite, a null value deletes the key. */
export function mergeMetadata(base: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.users where id = $1', [id]);
}
