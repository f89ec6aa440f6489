import type { Queryable } from '../db/db-types.ts';
import type { AuthContext } from './auth-context.ts';
import { badRequest, OAuthError } from './errors.ts';
import { findSession, rotateRefreshToken, touchSession, type ClientInfo, type RefreshTokenRow } from './session-store.ts';
import { tokenResponse, type TokenResponse } from './token-response.ts';
import { findUserById, isBanned } from './user-store.ts';
import { isUuid } from './validation.ts';

const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/** The newest unrevoked token of a session: the one the client should be holding. */
async function activeToken(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await q.query<RefreshTokenRow>(
    'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
    [sessionId],
  );
  return rows[0];
}

/** Compared by the database's clock, which set it. */
async function pastInDb(q: Queryable, at: Date): Promise<boolean> {
  const { rows } = await q.query<{ past: boolean }>('select $1::timestamptz <= now() as past', [at]);
  return rows[0]!.past;
}

type Outcome = { ok: TokenResponse } | { reuse: true };

/**
 * GoTrue's refresh-token grant with rotation. Each use revokes the token and issues a child in
 * the same session. Presenting a revoked token again gets (a) the session's active token back
 * when that is its direct child (a client that lost the response), (b) a new child within
 * `refresh_token_reuse_interval` seconds of the revocation (concurrent tabs), else (c) the whole
 * session's tokens revoked and the session ended (`not_after`) — committed — and
 * `refresh_token_already_used`; from then on every token of that session gets the same answer.
 */
export async function refreshTokenGrant(a: AuthContext, presented: string, client: ClientInfo): Promise<TokenResponse> {
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await a.server.db.transaction<Outcome>(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [presented]);
    const token = rows[0];
    const user = token && isUuid(token.user_id) ? await findUserById(tx, token.user_id) : undefined;
    if (!token || !user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = token.session_id ? await findSession(tx, token.session_id, true) : undefined;
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');

    // A session ends at `not_after`; reuse detection ends it now, so no token of the family
    // refreshes again — a revoked token's own reuse window must not reopen it.
    const ended = session.not_after !== null && (await pastInDb(tx, session.not_after));
    if (ended && !token.revoked) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    let issued: string | undefined;
    if (token.revoked) {
      const active = ended ? undefined : await activeToken(tx, session.id);
      if (active && active.parent === token.token) {
        issued = active.token;
      } else {
        if (ended) return { reuse: true };
        const reuseUntil = token.updated_at.getTime() + a.settings.reuseIntervalSeconds * 1000;
        if (Date.now() > reuseUntil) {
          if (a.settings.rotation) {
            await tx.query(
              `with family as (
                 update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false
               )
               update auth.sessions set not_after = now(), updated_at = now() where id = $1`,
              [session.id],
            );
          }
          return { reuse: true };
        }
      }
    }
    if (issued) await touchSession(tx, session.id, client);
    else issued = await rotateRefreshToken(tx, token, session.id, client);
    return { ok: await tokenResponse(a, tx, user, session.id, issued, undefined, 'token_refresh') };
  });
  // Thrown after the commit, so the family stays revoked.
  if ('reuse' in outcome) throw alreadyUsed();
  return outcome.ok;
}
