import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db-types.ts';
import { badRequest } from './errors.ts';

/** GoTrue's PKCE parameter rules: both or neither; 43–128 characters of [A-Za-z0-9._~-]. */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') {
    throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  }
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain' | null;
  code_challenge: string | null;
  provider_type: string;
  authentication_method: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/** A PKCE flow started by an email action; its auth code is handed out by /verify. */
export async function createFlowState(
  q: Queryable,
  userId: string,
  providerType: string,
  authenticationMethod: string,
  method: string,
  challenge: string,
): Promise<FlowStateRow> {
  const { rows } = await q.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $7, now(), now()) returning *`,
    [randomUUID(), userId, randomUUID(), method.toLowerCase(), challenge, providerType, authenticationMethod],
  );
  return rows[0]!;
}

/** The user's latest flow for this method; its code is issued now (the 5-minute clock restarts). */
export async function issueAuthCode(q: Queryable, userId: string, authenticationMethod: string): Promise<string | undefined> {
  const { rows } = await q.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethod],
  );
  return rows[0]?.auth_code;
}

export async function findFlowStateByCode(q: Queryable, code: string): Promise<FlowStateRow | undefined> {
  const { rows } = await q.query<FlowStateRow>(
    'select * from auth.flow_state where auth_code = $1 for update',
    [code],
  );
  return rows[0];
}

export function isFlowExpired(f: FlowStateRow, expirySeconds: number): boolean {
  const from = f.auth_code_issued_at ?? f.created_at;
  return Date.now() > from.getTime() + expirySeconds * 1000;
}

export async function deleteFlowState(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.flow_state where id = $1', [id]);
}

/** GoTrue's ParseAuthenticationMethod for verification types (`signup` ⇒ `email/signup`). */
export function authMethodForVerifyType(type: string): string {
  if (type.endsWith('signup')) return 'email/signup';
  return type;
}
