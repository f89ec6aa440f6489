import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocketServer } from 'ws';
import type { ServerContext } from '../http/server-context.ts';
import { createLocalBus } from './bus/local-bus.ts';
import { listenForRechecks } from './authorization/recheck-notices.ts';
import { createPostgresBus } from './bus/postgres-bus.ts';
import { ChangeFeed } from './changes/change-feed.ts';
import { DatabaseBroadcasts } from './database-broadcasts/database-broadcasts.ts';
import { clientAddress, trustTest } from './client-address.ts';
import type { Vsn } from './protocol/messages.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits.ts';
import { registerRestBroadcast } from './rest-broadcast.ts';
import { RealtimeConnection } from './socket/realtime-connection.ts';
import { RealtimeTokenError, verifyRealtimeToken } from './socket/realtime-token.ts';

const SOCKET_PATH = '/realtime/v1/websocket';
/** The shared limit on sockets per client address. */
const PER_IP = 'realtime:connections-per-ip';

function refuse(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Too Many Requests'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** `/realtime/v1`: the Supabase Realtime protocol over WebSocket, and REST broadcast. */
export function realtimeModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const c = ctx.config;
    const limits: RealtimeLimits = {
      ...DEFAULT_REALTIME_LIMITS,
      maxConnectionsPerIp: c.realtimeMaxConnectionsPerIp,
      maxChannelsPerConnection: c.realtimeMaxChannelsPerConnection,
      maxEventsPerSecond: c.realtimeMaxEventsPerSecond,
      maxPayloadBytes: c.realtimeMaxPayloadKb * 1024,
      maxBufferedBytes: c.realtimeMaxBufferedKb * 1024,
    };
    // Several instances share PostgreSQL, so events must cross processes; PGlite has one.
    const bus = ctx.db.kind === 'postgres' ? await createPostgresBus(ctx.db) : createLocalBus();
    const lag = ctx.metrics.realtimeDeliveryLag;
    let changeErrors = 0;
    const feed = new ChangeFeed(
      ctx.db,
      (err) => {
        changeErrors++;
        ctx.log.error({ err }, 'realtime change delivery failed');
      },
      (committed) => {
        const ms = Date.now() - Date.parse(committed);
        if (Number.isFinite(ms)) lag.observe(Math.max(0, ms) / 1000);
      },
      // Row checks on connections of their own: RSVPs queued on an event's row lock hold the
      // request pool's connections, and must not hold back the changes they produce.
      ctx.db.separatePool?.('gather-server-realtime', 4),
    );
    await feed.start();
    const hub = new RealtimeHub(bus, feed);
    // realtime.send and friends: each instance delivers the database's broadcasts to its own sockets.
    const fromDatabase = new DatabaseBroadcasts({
      db: ctx.db,
      deliver: (message) => hub.deliverLocal(message),
      maxPayloadBytes: limits.maxPayloadBytes,
      onDropped: (reason, err) => ctx.log.warn({ err }, `realtime: a broadcast from the database was not delivered: ${reason}`),
    });
    await fromDatabase.start();
    const wss = new WebSocketServer({ noServer: true, maxPayload: Math.max(limits.maxPayloadBytes * 2, 1024 * 1024) });
    const connections = new Set<RealtimeConnection>();
    const perIp = new Map<string, number>();
    const trusts = trustTest(ctx.config.trustProxy);
    ctx.metrics.gauge('gather_realtime_connections', 'Open Realtime WebSocket connections on this process', [], () => connections.size);
    ctx.metrics.gauge('gather_realtime_channels', 'Channels joined on this process', [], () => hub.channelCount());
    ctx.metrics.counterFrom('gather_realtime_change_errors_total', 'Row changes (or batches of them) that failed to reach their subscribers', () => changeErrors);
    ctx.metrics.counterFrom(
      'gather_realtime_slow_consumers_dropped_total',
      'Sockets closed because their unsent frames passed GATHER_REALTIME_MAX_BUFFERED_KB (the client reconnects)',
      () => hub.stats.slowConsumersDropped,
    );
    ctx.metrics.gauge('gather_realtime_change_subscribers', 'Joined channels with postgres_changes bindings', [], () => feed.subscribers.size);

    async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== SOCKET_PATH) return; // not ours: another module may handle it
      const apikey = url.searchParams.get('apikey') ?? (req.headers['x-api-key'] as string | undefined);
      if (!apikey) return refuse(socket, 401, 'API key is missing');
      let identity;
      try {
        identity = await verifyRealtimeToken(apikey, ctx.keys, ctx.roles);
      } catch (err) {
        if (err instanceof RealtimeTokenError) return refuse(socket, 401, err.message);
        throw err;
      }
      // Behind a load balancer every socket comes from it: count clients as GATHER_TRUST_PROXY says.
      const ip = clientAddress(req, trusts);
      // One server's places per address, whichever worker of `--workers N` takes the socket.
      const shared = ctx.sharedLimits;
      if (shared) {
        if (!(await shared.acquire(PER_IP, ip, limits.maxConnectionsPerIp))) return refuse(socket, 429, 'Too many connections');
      } else if ((perIp.get(ip) ?? 0) >= limits.maxConnectionsPerIp) return refuse(socket, 429, 'Too many connections');
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (shared) return shared.release(PER_IP, ip);
        const n = (perIp.get(ip) ?? 1) - 1;
        if (n > 0) perIp.set(ip, n);
        else perIp.delete(ip);
      };
      if (!shared) perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      // The place is given back when the socket closes: after the WebSocket, or a failed handshake.
      if (socket.destroyed) return release();
      socket.once('close', release);
      const vsn: Vsn = url.searchParams.get('vsn')?.startsWith('2.') ? '2.0.0' : '1.0.0';
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new RealtimeConnection(ws, vsn, identity, hub, ctx, limits);
        connections.add(conn);
        ws.on('close', () => connections.delete(conn));
      });
    }
    const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      void onUpgrade(req, socket, head).catch((err) => {
        ctx.log.error({ err }, 'realtime upgrade failed');
        socket.destroy();
      });
    app.server.on('upgrade', upgradeListener);

    const idle = setInterval(() => {
      const now = Date.now();
      for (const conn of connections) conn.checkIdle(now);
    }, 10_000);
    idle.unref();

    // A ban or a removal ends the member's joined private channels at once, on every instance.
    const stopRechecks = await listenForRechecks(ctx.db, (userId) => {
      for (const conn of connections) conn.recheck(userId);
    });

    registerRestBroadcast(app, ctx, hub, limits);

    // Sockets are not requests: close them before the HTTP server waits for in-flight work.
    app.addHook('preClose', async () => {
      clearInterval(idle);
      app.server.off('upgrade', upgradeListener);
      await stopRechecks();
      // 1012 "service restart": clients (supabase-js included) reconnect, through the load
      // balancer to an instance still running.
      for (const ws of wss.clients) ws.close(1012, 'server restarting: reconnect');
      await feed.stop();
      await fromDatabase.stop();
      await hub.close();
      wss.close();
    });
  };
}
