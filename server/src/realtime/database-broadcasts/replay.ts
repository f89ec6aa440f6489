import type { Queryable } from '../../db/db-types.ts';
import type { BroadcastMessage } from '../protocol/messages.ts';

/** Upstream's hard limit on replayed messages per join (Realtime.Messages). */
const HARD_LIMIT = 25;

export class ReplayError extends Error {}

export interface ReplayRequest {
  since: number;
  limit: number;
}

/**
 * The join's `config.broadcast.replay`, checked as upstream's channel does (realtime_channel.ex,
 * maybe_replay_messages): none at all → undefined; asked on a public channel, or `since`/`limit`
 * that are not integers → the join fails with upstream's words. A value that is not an object on
 * a private channel is ignored, as upstream ignores it.
 */
export function replayRequest(broadcast: Record<string, unknown>, isPrivate: boolean): ReplayRequest | undefined {
  if (!('replay' in broadcast)) return undefined;
  if (!isPrivate) throw new ReplayError('UnableToReplayMessages: Replay is not allowed for public channels');
  const replay = broadcast.replay;
  if (!replay || typeof replay !== 'object' || Array.isArray(replay)) return undefined;
  const since = (replay as { since?: unknown }).since;
  const limit = (replay as { limit?: unknown }).limit ?? HARD_LIMIT;
  if (!Number.isSafeInteger(since) || !Number.isSafeInteger(limit)) throw new ReplayError('UnableToReplayMessages: Replay params are not valid');
  return { since: since as number, limit: Math.max(1, Math.min(limit as number, HARD_LIMIT)) };
}

/**
 * The topic's latest private broadcasts inserted since `since` (ms since the epoch), at most
 * `limit`, oldest first, each with `meta: { replayed: true, id }`. Read by the server itself:
 * the caller's right to read the topic was checked at the join, as upstream checks it. Sends in
 * the same millisecond (PGlite's clock) tie on inserted_at: the inserting transaction's id orders
 * them as they were sent.
 */
export async function replayMessages(db: Queryable, subtopic: string, topic: string, req: ReplayRequest): Promise<BroadcastMessage[]> {
  const r = await db.query<{ id: string; event: string | null; payload: unknown; binary: Buffer | string | null }>(
    `select id::text, event, payload, encode(binary_payload, 'base64') as binary from realtime.messages
      where topic = $1 and private is true and extension = 'broadcast'
        and inserted_at >= to_timestamp($2::double precision / 1000) at time zone 'utc'
        and inserted_at < (now() at time zone 'utc') + interval '1 minute'
      order by inserted_at desc, xmin::text::bigint desc limit $3`,
    [subtopic, req.since, req.limit],
  );
  return r.rows.reverse().map((m) => ({
    topic,
    event: m.event ?? '',
    payload: m.binary === null ? m.payload : undefined,
    binary: m.binary === null ? undefined : new Uint8Array(Buffer.from(String(m.binary), 'base64')),
    meta: { replayed: true, id: m.id },
  }));
}
