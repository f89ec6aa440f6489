import { randomUUID } from 'node:crypto';
import type { ChannelPermissions } from '../authorization/private-channel.ts';
import type { ChangeBinding, ChangeSubscriber, SharedChange } from '../changes/change-types.ts';
import type { PresenceGroups, PresenceMeta } from '../presence/presence-types.ts';
import type { BroadcastMessage, PhoenixMessage } from '../protocol/messages.ts';
import type { JoinConfig } from './join-config.ts';
import type { RealtimeIdentity } from './realtime-token.ts';

/** The hub's route for a topic (`realtime:<name>`), private or public. */
export function channelRoute(topic: string, isPrivate: boolean): string {
  return isPrivate ? `private:${topic}` : topic;
}

/** What a channel needs from its socket. */
export interface ChannelTransport {
  push(message: PhoenixMessage): void;
  pushBroadcast(message: BroadcastMessage): void;
  pushChange(topic: string, ids: number[], change: SharedChange): void;
}

/** One joined channel on one socket: its config, identity, bindings and presence. */
export class ChannelSession implements ChangeSubscriber {
  readonly id = randomUUID();
  readonly topic: string;
  readonly joinRef: string | null;
  readonly config: JoinConfig;
  readonly bindings: ChangeBinding[];
  readonly presenceKey: string;
  /**
   * Where the hub and the bus route this channel's broadcasts and presence. A private channel
   * and a public one of the same name never hear each other (upstream's `tenant_topic`): a
   * public join must not bypass the policies that guard the private one. Public routes are the
   * topic itself (always `realtime:…`), so `private:…` cannot collide with one.
   */
  readonly route: string;
  identity: RealtimeIdentity;
  permissions: ChannelPermissions;
  /** Our current presence meta on this topic, if tracked. */
  presenceMeta?: PresenceMeta;
  /** presence_diff is only meaningful after presence_state has been sent. */
  presenceReady = false;
  expiryTimer?: NodeJS.Timeout;
  /** Ids of the database broadcasts replayed at the join: not delivered a second time live. */
  private replayedIds?: Set<string>;
  /** Broadcasts that arrived while the join's replay was read: sent after the replayed ones. */
  private held?: BroadcastMessage[];
  private readonly transport: ChannelTransport;

  constructor(opts: {
    topic: string;
    joinRef: string | null;
    config: JoinConfig;
    bindings: ChangeBinding[];
    identity: RealtimeIdentity;
    permissions: ChannelPermissions;
    transport: ChannelTransport;
  }) {
    this.topic = opts.topic;
    this.joinRef = opts.joinRef;
    this.config = opts.config;
    this.bindings = opts.bindings;
    this.identity = opts.identity;
    this.permissions = opts.permissions;
    this.transport = opts.transport;
    this.presenceKey = opts.config.presence.key || randomUUID();
    this.route = channelRoute(opts.topic, opts.config.private);
  }

  get role(): string {
    return this.identity.role;
  }

  get claims(): Record<string, unknown> {
    return this.identity.claims;
  }

  get subtopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  get presenceEnabled(): boolean {
    return this.config.presence.enabled;
  }

  deliverChange(ids: number[], change: SharedChange): void {
    this.transport.pushChange(this.topic, ids, change);
  }

  deliverBroadcast(message: BroadcastMessage, senderId: string | undefined): void {
    if (senderId === this.id && !this.config.broadcast.self) return;
    if (!this.permissions.broadcastRead) return;
    if (this.held) {
      this.held.push(message);
      return;
    }
    if (this.replayedIds && typeof message.meta?.id === 'string' && this.replayedIds.has(message.meta.id)) return;
    this.transport.pushBroadcast({ ...message, topic: this.topic });
  }

  /**
   * Replay on join: live broadcasts are held from before the replay is read until it is sent,
   * so a message committed meanwhile arrives once — replayed, or live right after the replay.
   */
  holdBroadcasts(): void {
    this.held = [];
  }

  /** Sends the replayed messages, then what was held, leaving out what the replay already sent. */
  sendReplay(replayed: BroadcastMessage[]): void {
    this.replayedIds = new Set(replayed.map((m) => String(m.meta?.id)));
    for (const m of replayed) this.transport.pushBroadcast(m);
    const held = this.held ?? [];
    this.held = undefined;
    for (const m of held) this.deliverBroadcast(m, undefined);
  }

  deliverPresenceState(state: PresenceGroups): void {
    if (!this.presenceEnabled || !this.permissions.presenceRead) return;
    this.transport.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event: 'presence_state', payload: state });
    this.presenceReady = true;
  }

  deliverPresenceDiff(diff: { joins: PresenceGroups; leaves: PresenceGroups }): void {
    if (!this.presenceReady) return;
    this.transport.push({ joinRef: null, ref: null, topic: this.topic, event: 'presence_diff', payload: diff });
  }

  reply(ref: string | null, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.transport.push({ joinRef: this.joinRef, ref, topic: this.topic, event: 'phx_reply', payload: { status, response } });
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.transport.push({ joinRef: null, ref: null, topic: this.topic, event: 'system', payload: { extension, status, message, channel: this.subtopic } });
  }

  closeFromServer(): void {
    this.transport.push({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} });
  }
}
