import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';
import { randomAlnum } from './secrets.ts';
import { NIL_UUID } from './user-store.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  aal: string | null;
  not_after: Date | null;
  refreshed_at: Date | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** Where a session was started from, kept on the row as GoTrue does. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export const REFRESH_TOKEN_LENGTH = 32;

/**
 * A new session with its first refresh token and the authentication method in its AMR, in one
 * statement (sign-in is the hot path).
 */
export async function createSession(
  q: Queryable,
  userId: string,
  method: string,
  client: ClientInfo,
): Promise<{ sessionId: string; refreshToken: string; amr: AmrEntry[] }> {
  const { rows } = await q.query<{ session_id: string; token: string; amr_at: Date }>(
    `with s as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4::inet) returning id
     ), a as (
       insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       select $5, s.id, now(), now(), $6 from s returning created_at
     ), r as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       select $7, $8, $2, false, now(), now(), null, s.id from s returning token
     )
     select s.id as session_id, r.token, a.created_at as amr_at from s, a, r`,
    [randomUUID(), userId, client.userAgent, client.ip, randomUUID(), method, NIL_UUID, randomAlnum(REFRESH_TOKEN_LENGTH)],
  );
  const row = rows[0]!;
  return {
    sessionId: row.session_id,
    refreshToken: row.token,
    amr: [{ method, timestamp: Math.floor(row.amr_at.getTime() / 1000) }],
  };
}

/**
 * One refresh: the presented token revoked, its child issued in the same session, the session
 * marked refreshed from this client — one statement.
 */
export async function rotateRefreshToken(q: Queryable, parent: RefreshTokenRow, sessionId: string, client: ClientInfo): Promise<string> {
  const { rows } = await q.query<{ token: string }>(
    `with revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1
     ), touched as (
       update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(),
              user_agent = coalesce($6, user_agent), ip = coalesce($7::inet, ip)
       where id = $5
     )
     insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($2, $3, $4, false, now(), now(), $8, $5) returning token`,
    [parent.id, NIL_UUID, randomAlnum(REFRESH_TOKEN_LENGTH), parent.user_id, sessionId, client.userAgent, client.ip, parent.token],
  );
  return rows[0]!.token;
}

export async function findSession(q: Queryable, id: string, forUpdate = false): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>(`select * from auth.sessions where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0];
}

/** The session's methods, most recent first, as the `amr` claim lists them. */
export async function amrOf(q: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await q.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.updated_at.getTime() / 1000) }));
}

/** A method joins the session's AMR (again: its time moves to now), as GoTrue's AddClaimToSession. */
export async function addAmrClaim(q: Queryable, sessionId: string, method: string): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/**
 * The session's refresh tokens are replaced by one new token, after a second factor raised it
 * to aal2: a refresh token handed out at aal1 must not mint aal2 tokens later (GoTrue bumps its
 * counter by two for the same reason). Returns the new token.
 */
export async function replaceRefreshTokens(q: Queryable, sessionId: string, userId: string): Promise<string> {
  await q.query('delete from auth.refresh_tokens where session_id = $1', [sessionId]);
  const { rows } = await q.query<{ token: string }>(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), null, $4) returning token`,
    [NIL_UUID, randomAlnum(REFRESH_TOKEN_LENGTH), userId, sessionId],
  );
  return rows[0]!.token;
}

export async function touchSession(q: Queryable, id: string, client: ClientInfo): Promise<void> {
  await q.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(),
            user_agent = coalesce($2, user_agent), ip = coalesce($3::inet, ip)
     where id = $1`,
    [id, client.userAgent, client.ip],
  );
}

/** Sign-out: sessions go, and with them (cascade) their refresh tokens and AMR claims. */
export async function deleteAllSessions(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from auth.sessions where user_id = $1', [userId]);
  await q.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
}

export async function deleteSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('delete from auth.sessions where id = $1', [sessionId]);
}

export async function deleteOtherSessions(q: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
}
