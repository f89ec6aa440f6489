import { parseFilter } from '../changes/change-filter.ts';
import type { ChangeBinding } from '../changes/change-types.ts';

/** The `config` of a phx_join, with realtime-js's defaults. Unknown keys are ignored. */
export interface JoinConfig {
  broadcast: { self: boolean; ack: boolean };
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
  const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
  const presence = (config.presence ?? {}) as Record<string, unknown>;
  const changes = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
  return {
    broadcast: { self: flag(broadcast.self), ack: flag(broadcast.ack) },
    presence: { key: typeof presence.key === 'string' ? presence.key : '', enabled: flag(presence.enabled) },
    postgresChanges: changes.filter((c): c is Record<string, unknown> => !!c && typeof c === 'object'),
    private: flag(config.private),
    waitForChanges: flag(((config.postgres_changes_options ?? {}) as Record<string, unknown>).wait),
  };
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

/** Turns the client's postgres_changes params into bindings; `nextId` gives each its id. */
export function toBindings(params: Record<string, unknown>[], nextId: () => number): ChangeBinding[] {
  return params.map((p) => {
    const event = String(p.event ?? '*').toUpperCase();
    if (!EVENTS.has(event)) throw new JoinError(`Error parsing \`event\` params: ${String(p.event)}`);
    if (typeof p.schema !== 'string' || p.schema === '') throw new JoinError('Error parsing `schema` params: schema is required');
    const table = typeof p.table === 'string' && p.table !== '' ? p.table : undefined;
    const filter = typeof p.filter === 'string' && p.filter !== '' ? parseFilter(p.filter) : undefined;
    return { id: nextId(), event: event as ChangeBinding['event'], schema: p.schema, table, filter };
  });
}
