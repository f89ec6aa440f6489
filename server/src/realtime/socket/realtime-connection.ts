import type { WebSocket } from 'ws';
import type { ServerContext } from '../../http/server-context.ts';
import { ALL_ALLOWED, privateChannelPermissions } from '../authorization/private-channel.ts';
import { FilterError } from '../changes/change-filter.ts';
import { bindingProblem } from '../changes/binding-check.ts';
import type { ChangeBinding } from '../changes/change-types.ts';
import type { BroadcastMessage, PhoenixMessage, Vsn } from '../protocol/messages.ts';
import { ProtocolError, decodeBinary, decodeText } from '../protocol/serializer.ts';
import type { RealtimeHub } from '../realtime-hub.ts';
import { RateWindow, type RealtimeLimits } from '../realtime-limits.ts';
import { ChannelSession } from './channel-session.ts';
import { FrameWriter } from './frame-writer.ts';
import { ReplayError, replayMessages, replayRequest } from '../database-broadcasts/replay.ts';
import { JoinError, parseJoinConfig, toBindings } from './join-config.ts';
import { RealtimeTokenError, verifyRealtimeToken, type RealtimeIdentity } from './realtime-token.ts';

/** Frames waiting their turn on one socket before it stops being read (TCP pushes back on the client). */
const PAUSE_AT_QUEUED = 64;
/** Undecodable frames tolerated on one socket before it is closed (1003: unsupported data). */
const MAX_GARBAGE_FRAMES = 10;

/** One client socket speaking Phoenix channels: heartbeats, joins, and per-channel events. */
export class RealtimeConnection {
  private readonly channels = new Map<string, ChannelSession>();
  private readonly rate: RateWindow;
  private lastFrameAt = Date.now();
  private closed = false;
  /**
   * Frames are handled one at a time, in order, as upstream's socket process does. Joins await
   * (token check, channel permissions), and limits checked before an await but recorded after
   * it were raced by back-to-back frames: 700 channels on one socket, duplicate subscriptions.
   */
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private garbage = 0;
  private readonly ws: WebSocket;
  private readonly vsn: Vsn;
  private readonly apikeyIdentity: RealtimeIdentity;
  private readonly hub: RealtimeHub;
  private readonly ctx: ServerContext;
  private readonly limits: RealtimeLimits;
  private readonly writer: FrameWriter;

  constructor(ws: WebSocket, vsn: Vsn, apikeyIdentity: RealtimeIdentity, hub: RealtimeHub, ctx: ServerContext, limits: RealtimeLimits) {
    this.ws = ws;
    this.vsn = vsn;
    this.apikeyIdentity = apikeyIdentity;
    this.hub = hub;
    this.ctx = ctx;
    this.limits = limits;
    this.rate = new RateWindow(limits.maxEventsPerSecond);
    this.writer = new FrameWriter(ws, vsn, limits.maxBufferedBytes, () => hub.stats.slowConsumersDropped++);
    ws.on('message', (data, isBinary) => this.enqueue(data as Buffer, isBinary));
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
  }

  /** Closes sockets that stopped heartbeating. */
  checkIdle(now: number): void {
    if (now - this.lastFrameAt > this.limits.idleTimeoutMs) this.ws.close(1000, 'idle timeout');
  }

  private enqueue(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    if (++this.queued === PAUSE_AT_QUEUED) this.ws.pause();
    this.queue = this.queue
      .then(() => this.onFrame(data, isBinary))
      .catch((err) => this.ctx.log.error({ err }, 'realtime frame failed'))
      .finally(() => {
        if (--this.queued === 0 && this.ws.isPaused) this.ws.resume();
      });
  }

  /** Upstream drops undecodable frames; one log line per socket says so, and a stream of them ends it. */
  private onGarbage(err: ProtocolError): void {
    if (++this.garbage === 1) this.ctx.log.info({ reason: err.message }, 'realtime: dropped an undecodable frame (not logged again for this socket)');
    if (this.garbage >= MAX_GARBAGE_FRAMES) this.ws.close(1003, 'Too many undecodable frames');
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    this.lastFrameAt = Date.now();
    let msg: PhoenixMessage;
    try {
      msg = isBinary ? decodeBinary(new Uint8Array(data)) : decodeText(data.toString('utf8'), this.vsn);
    } catch (err) {
      if (err instanceof ProtocolError) return this.onGarbage(err);
      throw err;
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') {
      return this.writer.push({ joinRef: null, ref: msg.ref, topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    }
    if (msg.event === 'phx_join') {
      // Joins cost a token check and a permission query: they count against the rate too.
      if (!this.rate.take()) return this.refuseJoin(msg, 'ClientJoinRateLimitReached: Too many joins per second');
      return this.join(msg);
    }
    const session = this.channels.get(msg.topic);
    if (!session) {
      return this.writer.push({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: 'phx_reply', payload: { status: 'error', response: { reason: 'unmatched topic' } } });
    }
    if (!this.rate.take()) return this.shutdown(session, 'Too many messages per second');
    switch (msg.event) {
      case 'phx_leave':
        session.reply(msg.ref, 'ok');
        return this.leave(session);
      case 'access_token':
        return this.updateToken(session, (msg.payload as { access_token?: unknown } | null)?.access_token);
      case 'broadcast':
        return this.broadcast(session, msg);
      case 'presence':
        return this.presence(session, msg);
      default:
        session.reply(msg.ref, 'error', { reason: `unknown event ${msg.event}` });
    }
  }

  private refuseJoin(msg: PhoenixMessage, reason: string): void {
    this.writer.push({ joinRef: msg.joinRef, ref: msg.ref, topic: msg.topic, event: 'phx_reply', payload: { status: 'error', response: { reason } } });
  }

  private async join(msg: PhoenixMessage): Promise<void> {
    const fail = (reason: string) => this.refuseJoin(msg, reason);
    if (!msg.topic.startsWith('realtime:') || msg.topic === 'realtime:') return fail('TopicNameRequired: You must provide a topic name');
    const existing = this.channels.get(msg.topic);
    if (existing) await this.leave(existing); // Phoenix closes the older join of the same topic
    if (this.channels.size >= this.limits.maxChannelsPerConnection) return fail('ChannelRateLimitReached: Too many channels');
    const payload = (msg.payload ?? {}) as Record<string, unknown>;
    let identity = this.apikeyIdentity;
    let config;
    let bindings: ChangeBinding[];
    try {
      const token = payload.access_token ?? payload.user_token;
      if (typeof token === 'string' && token !== '' && !token.startsWith('sb_')) {
        identity = await verifyRealtimeToken(token, this.ctx.keys, this.ctx.roles);
      }
      config = parseJoinConfig(payload);
      bindings = toBindings(config.postgresChanges);
    } catch (err) {
      if (err instanceof RealtimeTokenError || err instanceof JoinError || err instanceof FilterError) return fail(err.message);
      throw err;
    }
    const subtopic = msg.topic.slice('realtime:'.length);
    const permissions = config.private ? await privateChannelPermissions(this.ctx.db, subtopic, identity) : ALL_ALLOWED;
    const unreadable = `Unauthorized: You do not have permissions to read from this Channel topic: ${subtopic}`;
    if (config.private && !permissions.broadcastRead && !permissions.presenceRead) return fail(unreadable);
    // Replay needs the right to read the topic's broadcasts, as upstream's can_replay? says.
    if ('replay' in config.broadcastParams && !permissions.broadcastRead) return fail(unreadable);
    let replay;
    try {
      replay = replayRequest(config.broadcastParams, config.private);
    } catch (err) {
      if (err instanceof ReplayError) return fail(err.message);
      throw err;
    }
    // As Supabase: a binding it could not create (table not in the publication, a filter on a
    // missing column) leaves the channel joined, without changes, and says so in a system event.
    const problem = bindings.length ? await bindingProblem(this.ctx.db, bindings) : undefined;
    // realtime-js's `postgres_changes_options: { wait: true }`: the server refuses the join instead.
    if (problem && config.waitForChanges) return fail(`RealtimeDisabledForConfiguration: ${problem}`);
    const echoed = config.postgresChanges.map((p, i) => ({ ...p, id: bindings[i]!.id }));
    if (problem) bindings = [];
    const session = new ChannelSession({ topic: msg.topic, joinRef: msg.joinRef, config, bindings, identity, permissions, transport: this.writer });
    this.channels.set(msg.topic, session);
    // A replay is read after the channel hears live broadcasts (held until the replay is sent),
    // so nothing committed while it is read is missed.
    if (replay) session.holdBroadcasts();
    this.hub.add(session);
    let replayed: BroadcastMessage[] = [];
    if (replay) {
      try {
        replayed = await replayMessages(this.ctx.db, subtopic, msg.topic, replay);
      } catch (err) {
        this.ctx.log.warn({ err }, 'realtime: replay failed');
        await this.leave(session);
        return fail('UnableToReplayMessages: Realtime was unable to replay messages');
      }
    }
    this.scheduleExpiry(session);
    if (bindings.length) await this.hub.feed.syncTriggers();
    session.reply(msg.ref, 'ok', { postgres_changes: echoed });
    if (replay) session.sendReplay(replayed);
    if (problem) session.system('postgres_changes', 'error', problem);
    else if (bindings.length) session.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    // Opt-in (`broadcast.replication_ready`): broadcasts from the database flow as soon as the
    // server listens for them, which it does from start, so the channel is told at once.
    if (config.broadcast.replicationReady) session.system('system', 'ok', 'Replication connection established');
    session.deliverPresenceState(this.hub.presence.state(session.route));
  }

  private async updateToken(session: ChannelSession, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === session.identity.token) return;
    try {
      session.identity = await verifyRealtimeToken(token, this.ctx.keys, this.ctx.roles);
    } catch (err) {
      if (err instanceof RealtimeTokenError) return this.shutdown(session, err.message);
      throw err;
    }
    if (session.config.private && !(await this.reauthorize(session))) return;
    this.scheduleExpiry(session);
  }

  /**
   * The database said this user's rights changed (recheck-notices.ts): their private channels on
   * this socket are checked again, after the frame in hand (a join in flight is checked too).
   */
  recheck(userId: string): void {
    if (this.closed) return;
    this.queue = this.queue
      .then(async () => {
        for (const s of [...this.channels.values()]) {
          if (s.config.private && String(s.identity.claims.sub ?? '').toLowerCase() === userId) await this.reauthorize(s);
        }
      })
      .catch((err) => this.ctx.log.error({ err }, 'realtime recheck failed'));
  }

  /**
   * A private channel's policies asked again, as at its join. A channel that may no longer read
   * is ended as upstream ends one on a token refresh (a `system` error, then `phx_close`); one
   * that may still read keeps only what it may still do. False when it was ended.
   */
  private async reauthorize(session: ChannelSession): Promise<boolean> {
    const permissions = await privateChannelPermissions(this.ctx.db, session.subtopic, session.identity);
    if (!permissions.broadcastRead && !permissions.presenceRead) {
      await this.shutdown(session, `You do not have permissions to read from this Channel topic: ${session.subtopic}`);
      return false;
    }
    session.permissions = permissions;
    if (!permissions.presenceRead) session.presenceReady = false;
    if (!permissions.presenceWrite) await this.hub.untrack(session);
    return true;
  }

  /** Ends the channel when its token expires, with the system message Supabase sends. */
  private scheduleExpiry(session: ChannelSession): void {
    clearTimeout(session.expiryTimer);
    const exp = session.identity.exp;
    if (exp === undefined) return;
    const ms = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
    session.expiryTimer = setTimeout(() => this.shutdown(session, 'InvalidJWTToken: Token has expired 0 seconds ago'), Math.max(0, ms));
    session.expiryTimer.unref();
  }

  private async broadcast(session: ChannelSession, msg: PhoenixMessage): Promise<void> {
    const p = (msg.payload ?? {}) as { event?: unknown; payload?: unknown; binary?: Uint8Array };
    if (typeof p.event !== 'string') return session.reply(msg.ref, 'error', { reason: 'broadcast event must be a string' });
    const size = p.binary ? p.binary.length : Buffer.byteLength(JSON.stringify(p.payload ?? null));
    if (size > this.limits.maxPayloadBytes) return session.reply(msg.ref, 'error', { reason: 'Payload size exceeds tenant limit' });
    // Without write permission upstream stays silent, so ack users time out.
    if (!session.permissions.broadcastWrite) return;
    await this.hub.broadcast({ topic: session.route, event: p.event, payload: p.payload ?? {}, binary: p.binary }, session.id);
    if (session.config.broadcast.ack) session.reply(msg.ref, 'ok');
  }

  private async presence(session: ChannelSession, msg: PhoenixMessage): Promise<void> {
    const p = (msg.payload ?? {}) as { event?: unknown; payload?: unknown };
    if (!session.permissions.presenceWrite) return session.reply(msg.ref, 'error', { reason: 'Unauthorized' });
    if (p.event === 'track') {
      if (!p.payload || typeof p.payload !== 'object' || Array.isArray(p.payload)) {
        return session.reply(msg.ref, 'error', { reason: 'Presence track payload must be a map' });
      }
      // Presence is held in memory and sent to every joiner: the broadcast limit applies.
      if (Buffer.byteLength(JSON.stringify(p.payload)) > this.limits.maxPayloadBytes) {
        return session.reply(msg.ref, 'error', { reason: 'Payload size exceeds tenant limit' });
      }
      await this.hub.track(session, p.payload as Record<string, unknown>);
    } else if (p.event === 'untrack') {
      await this.hub.untrack(session);
    } else {
      return session.reply(msg.ref, 'error', { reason: 'unknown presence event' });
    }
    session.reply(msg.ref, 'ok');
  }

  private async shutdown(session: ChannelSession, message: string): Promise<void> {
    session.system('system', 'error', message);
    session.closeFromServer();
    await this.leave(session);
  }

  private async leave(session: ChannelSession): Promise<void> {
    if (this.channels.get(session.topic) === session) this.channels.delete(session.topic);
    await this.hub.remove(session);
  }

  /** After the frame being handled, so a join finishing late cannot leave a channel behind. */
  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    this.writer.open = false;
    this.queue = this.queue
      .then(async () => {
        for (const s of [...this.channels.values()]) await this.leave(s);
      })
      .catch((err) => this.ctx.log.error({ err }, 'realtime teardown failed'));
  }
}
