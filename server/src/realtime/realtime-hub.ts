import type { Bus, BusEvent } from './bus/bus-types.ts';
import type { ChangeFeed } from './changes/change-feed.ts';
import { PresenceRegistry } from './presence/presence-registry.ts';
import type { PresenceMeta } from './presence/presence-types.ts';
import type { BroadcastMessage } from './protocol/messages.ts';
import type { ChannelSession } from './socket/channel-session.ts';

const ALIVE_EVERY_MS = 10_000;
const PRESENCE_EXPIRES_MS = 35_000;

/**
 * Every channel joined on this instance, by route (its topic, apart for private channels:
 * ChannelSession.route), and the fan-out between them: broadcasts
 * and presence go through the bus (so other instances get them too), row changes come from
 * the change feed.
 */
export class RealtimeHub {
  readonly presence = new PresenceRegistry();
  /** Sockets closed because they stopped reading (their unsent frames passed the limit), for metrics. */
  readonly stats = { slowConsumersDropped: 0 };
  private readonly topics = new Map<string, Set<ChannelSession>>();
  private readonly bus: Bus;
  readonly feed: ChangeFeed;
  private readonly timer: NodeJS.Timeout;
  private refCounter = 0;

  constructor(bus: Bus, feed: ChangeFeed) {
    this.bus = bus;
    this.feed = feed;
    bus.onEvent((e) => this.onBusEvent(e));
    void bus.publish({ kind: 'hello' });
    this.timer = setInterval(() => this.heartbeat(), ALIVE_EVERY_MS);
    this.timer.unref();
  }

  add(session: ChannelSession): void {
    let set = this.topics.get(session.route);
    if (!set) this.topics.set(session.route, (set = new Set()));
    set.add(session);
    if (session.bindings.length) this.feed.subscribers.add(session);
  }

  async remove(session: ChannelSession): Promise<void> {
    clearTimeout(session.expiryTimer);
    this.feed.subscribers.delete(session);
    const set = this.topics.get(session.route);
    set?.delete(session);
    if (set?.size === 0) this.topics.delete(session.route);
    await this.untrack(session);
  }

  channelCount(): number {
    let n = 0;
    for (const s of this.topics.values()) n += s.size;
    return n;
  }

  /** `message.topic` is the route (channelRoute), not the bare topic. */
  broadcast(message: BroadcastMessage, senderId?: string): Promise<void> {
    return this.bus.publish({
      kind: 'broadcast',
      topic: message.topic,
      event: message.event,
      payload: message.binary ? undefined : message.payload,
      binaryB64: message.binary ? Buffer.from(message.binary).toString('base64') : undefined,
      meta: message.meta,
      senderId,
    });
  }

  /**
   * A broadcast to this instance's channels only. Broadcasts from the database reach every
   * instance by NOTIFY already (database-broadcasts/), so they never go through the bus.
   */
  deliverLocal(message: BroadcastMessage, senderId?: string): void {
    for (const s of this.topics.get(message.topic) ?? []) s.deliverBroadcast(message, senderId);
  }

  async track(session: ChannelSession, state: Record<string, unknown>): Promise<void> {
    const meta: PresenceMeta = { ...state, phx_ref: `F${(++this.refCounter).toString(36)}${session.id.slice(0, 8)}` };
    const leaves = session.presenceMeta ? [{ key: session.presenceKey, meta: session.presenceMeta }] : [];
    if (session.presenceMeta) meta.phx_ref_prev = session.presenceMeta.phx_ref;
    session.presenceMeta = meta;
    await this.bus.publish({ kind: 'presence', topic: session.route, joins: [{ key: session.presenceKey, meta }], leaves });
  }

  async untrack(session: ChannelSession): Promise<void> {
    if (!session.presenceMeta) return;
    const meta = session.presenceMeta;
    session.presenceMeta = undefined;
    await this.bus.publish({ kind: 'presence', topic: session.route, joins: [], leaves: [{ key: session.presenceKey, meta }] });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.bus.close();
  }

  private onBusEvent(e: BusEvent & { origin: string }): void {
    switch (e.kind) {
      case 'broadcast': {
        const message: BroadcastMessage = {
          topic: e.topic,
          event: e.event,
          payload: e.payload,
          binary: e.binaryB64 === undefined ? undefined : new Uint8Array(Buffer.from(e.binaryB64, 'base64')),
          meta: e.meta,
        };
        this.deliverLocal(message, e.senderId);
        return;
      }
      case 'presence': {
        const diff = this.presence.apply(e.origin, e.topic, e.joins, e.leaves);
        if (diff) for (const s of this.topics.get(e.topic) ?? []) s.deliverPresenceDiff(diff);
        return;
      }
      case 'hello':
        if (e.origin !== this.bus.instanceId) this.reannounce();
        this.presence.seen(e.origin);
        return;
      case 'alive':
        this.presence.seen(e.origin);
    }
  }

  /** A new instance knows nobody: tell it who is present here. */
  private reannounce(): void {
    const byTopic = new Map<string, { key: string; meta: PresenceMeta }[]>();
    for (const e of this.presence.owned(this.bus.instanceId)) (byTopic.get(e.topic) ?? byTopic.set(e.topic, []).get(e.topic)!).push(e);
    for (const [topic, joins] of byTopic) void this.bus.publish({ kind: 'presence', topic, joins, leaves: [] });
  }

  /** Says we are alive, and forgets the presences of instances that stopped saying so. */
  private heartbeat(): void {
    void this.bus.publish({ kind: 'alive' }).catch(() => {});
    for (const [topic, leaves] of this.presence.expire(PRESENCE_EXPIRES_MS, this.bus.instanceId)) {
      const grouped: Record<string, { metas: PresenceMeta[] }> = {};
      for (const l of leaves) (grouped[l.key] ??= { metas: [] }).metas.push(l.meta);
      for (const s of this.topics.get(topic) ?? []) s.deliverPresenceDiff({ joins: {}, leaves: grouped });
    }
  }
}
