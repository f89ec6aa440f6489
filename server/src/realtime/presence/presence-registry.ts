import type { PresenceGroups, PresenceMeta } from './presence-types.ts';

interface Entry {
  key: string;
  meta: PresenceMeta;
  origin: string;
}

/**
 * Everyone present on every topic, across server instances: local tracks and the diffs other
 * instances announced. Keyed by `phx_ref`, so re-announcements are harmless.
 */
export class PresenceRegistry {
  private readonly topics = new Map<string, Map<string, Entry>>();
  private readonly lastSeen = new Map<string, number>();

  /** Applies a diff; returns what changed, grouped for `presence_diff` (undefined if nothing). */
  apply(
    origin: string,
    topic: string,
    joins: { key: string; meta: PresenceMeta }[],
    leaves: { key: string; meta: PresenceMeta }[],
  ): { joins: PresenceGroups; leaves: PresenceGroups } | undefined {
    this.lastSeen.set(origin, Date.now());
    let entries = this.topics.get(topic);
    if (!entries) this.topics.set(topic, (entries = new Map()));
    const out = { joins: {} as PresenceGroups, leaves: {} as PresenceGroups };
    let changed = false;
    for (const l of leaves) {
      if (entries.delete(l.meta.phx_ref)) {
        (out.leaves[l.key] ??= { metas: [] }).metas.push(l.meta);
        changed = true;
      }
    }
    for (const j of joins) {
      if (entries.has(j.meta.phx_ref)) continue;
      entries.set(j.meta.phx_ref, { key: j.key, meta: j.meta, origin });
      (out.joins[j.key] ??= { metas: [] }).metas.push(j.meta);
      changed = true;
    }
    if (entries.size === 0) this.topics.delete(topic);
    return changed ? out : undefined;
  }

  state(topic: string): PresenceGroups {
    const out: PresenceGroups = {};
    for (const e of this.topics.get(topic)?.values() ?? []) (out[e.key] ??= { metas: [] }).metas.push(e.meta);
    return out;
  }

  /** Entries this instance owns, to re-announce to an instance that just started. */
  owned(origin: string): { topic: string; key: string; meta: PresenceMeta }[] {
    const out: { topic: string; key: string; meta: PresenceMeta }[] = [];
    for (const [topic, entries] of this.topics) {
      for (const e of entries.values()) if (e.origin === origin) out.push({ topic, key: e.key, meta: e.meta });
    }
    return out;
  }

  seen(origin: string): void {
    this.lastSeen.set(origin, Date.now());
  }

  /** Entries of instances silent for longer than `maxAgeMs`, removed and returned per topic. */
  expire(maxAgeMs: number, self: string): Map<string, { key: string; meta: PresenceMeta }[]> {
    const dead = new Set([...this.lastSeen].filter(([o, t]) => o !== self && Date.now() - t > maxAgeMs).map(([o]) => o));
    const gone = new Map<string, { key: string; meta: PresenceMeta }[]>();
    if (dead.size === 0) return gone;
    for (const [topic, entries] of this.topics) {
      for (const e of entries.values()) {
        if (dead.has(e.origin)) (gone.get(topic) ?? gone.set(topic, []).get(topic)!).push({ key: e.key, meta: e.meta });
      }
    }
    for (const o of dead) this.lastSeen.delete(o);
    return gone;
  }
}
