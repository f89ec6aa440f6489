import { createHash } from 'node:crypto';
import { parseFilter } from '../changes/change-filter.ts';
import type { ChangeBinding } from '../changes/change-types.ts';

/** The `config` of a phx_join, with realtime-js's defaults. Unknown keys are ignored. */
export interface JoinConfig {
  broadcast: { self: boolean; ack: boolean; replicationReady: boolean };
  /** `config.broadcast` as sent: its `replay` is checked after the channel's permissions. */
  broadcastParams: Record<string, unknown>;
  presence: { key: string; enabled: boolean };
  /** Exactly what the client sent, echoed back with ids in the join reply. */
  postgresChanges: Record<string, unknown>[];
  private: boolean;
  /** `postgres_changes_options.wait`: the join itself answers whether the subscriptions were made. */
  waitForChanges: boolean;
}

export class JoinError extends Error {}

function flag(v: unknown): boolean {
  return v === true || v === 'true';
}

export function parseJoinConfig(payload: unknown): JoinConfig {
  const config = ((payload as Record<string, unknown> | null)?.config ?? {}) as Record<string, unknown>;
  const broadcast = (config.broadcast && typeof config.broadcast === 'object' ? config.broadcast : {}) as Record<string, unknown>;
  const presence = (config.presence ?? {}) as Record<string, unknown>;
  const changes = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
  return {
    broadcast: { self: flag(broadcast.self), ack: flag(broadcast.ack), replicationReady: flag(broadcast.replication_ready) },
    broadcastParams: broadcast,
    presence: { key: typeof presence.key === 'string' ? presence.key : '', enabled: flag(presence.enabled) },
    postgresChanges: changes.filter((c): c is Record<string, unknown> => !!c && typeof c === 'object'),
    private: flag(config.private),
    waitForChanges: flag(((config.postgres_changes_options ?? {}) as Record<string, unknown>).wait),
  };
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

/**
 * A binding's id, as upstream derives it: a hash of its params (`:erlang.phash2(params)` in
 * realtime_channel.ex), not a counter. Every viewer of a page who subscribes with the same
 * params gets the same ids, so a change's frame is the same bytes for all of them and is built
 * once (decision 0190).
 */
function bindingId(key: string): number {
  return createHash('sha1').update(key).digest().readUIntBE(0, 6) % 2 ** 27;
}

/**
 * A binding's `select`, as upstream parses it (subscriptions.ex, parse_select): a list keeps its
 * strings (none left means every column), a string is refused, and a wildcard table cannot
 * select. Sorted, as upstream normalizes it: the same columns are the same subscription.
 */
function parseSelect(p: Record<string, unknown>, table: string | undefined): { select?: string[]; problem?: string } {
  if (typeof p.select === 'string') {
    return { problem: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]' };
  }
  if (!Array.isArray(p.select)) return {};
  const columns = [...new Set(p.select.filter((c): c is string => typeof c === 'string'))].sort();
  if (columns.length === 0) return {};
  if (p.schema === '*' || table === undefined || table === '*') {
    return { problem: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.' };
  }
  return { select: columns };
}

/** Turns the client's postgres_changes params into bindings, each with its id and its key. */
export function toBindings(params: Record<string, unknown>[]): ChangeBinding[] {
  return params.map((p) => {
    const event = String(p.event ?? '*').toUpperCase();
    if (!EVENTS.has(event)) throw new JoinError(`Error parsing \`event\` params: ${String(p.event)}`);
    if (typeof p.schema !== 'string' || p.schema === '') throw new JoinError('Error parsing `schema` params: schema is required');
    const table = typeof p.table === 'string' && p.table !== '' ? p.table : undefined;
    const filterText = typeof p.filter === 'string' && p.filter !== '' ? p.filter : undefined;
    const filter = filterText === undefined ? undefined : parseFilter(filterText);
    // Upstream makes the subscription after the join: a `select` it cannot use leaves the channel
    // joined, without changes, and says so in a system event (binding-check.ts).
    const { select, problem } = parseSelect(p, table);
    const key = JSON.stringify([event, p.schema, table ?? null, filterText ?? null, ...(select ? [select] : [])]);
    return { id: bindingId(key), key, event: event as ChangeBinding['event'], schema: p.schema, table, filter, select, problem };
  });
}
