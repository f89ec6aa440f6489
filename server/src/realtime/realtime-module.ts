import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocketServer } from 'ws';
import type { ServerContext } from '../http/server-context.ts';
import { createLocalBus } from './bus/local-bus.ts';
import { createPostgresBus } from './bus/postgres-bus.ts';
import { ChangeFeed } from './changes/change-feed.ts';
import { clientAddress, trustTest } from './client-address.ts';
import type { Vsn } from './protocol/messages.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits.ts';
import { registerRestBroadcast } from './rest-broadcast.ts';
import { RealtimeConnection } from './socket/realtime-connection.ts';
import { RealtimeTokenError, verifyRealtimeToken } from './socket/realtime-token.ts';

const SOCKET_PATH = '/realtime/v1/websocket';

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
    const feed = new ChangeFeed(
      ctx.db,
      (err) => ctx.log.error({ err }, 'realtime change delivery failed'),
      (committed) => {
        const ms = Date.now() - Date.parse(committed);
        if (Number.isFinite(ms)) lag.observe(Math.max(0, ms) / 1000);
      },
    );
    await feed.start();
    const hub = new RealtimeHub(bus, feed);
    const wss = new WebSocketServer({ noServer: true, maxPayload: Math.max(limits.maxPayloadBytes * 2, 1024 * 1024) });
    const connections = new Set<RealtimeConnection>();
    const perIp = new Map<string, number>();
    const trusts = trustTest(ctx.config.trustProxy);
    ctx.metrics.gauge('gather_realtime_connections', 'Open Realtime WebSocket connections on this process', [], () => connections.size);
    ctx.metrics.gauge('gather_realtime_channels', 'Channels joined on this process', [], () => hub.channelCount());
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
      if ((perIp.get(ip) ?? 0) >= limits.maxConnectionsPerIp) return refuse(socket, 429, 'Too many connections');
      const vsn: Vsn = url.searchParams.get('vsn')?.startsWith('2.') ? '2.0.0' : '1.0.0';
      wss.handleUpgrade(req, socket, head, (ws) => {
        perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
        const conn = new RealtimeConnection(ws, vsn, identity, hub, ctx, limits);
        connections.add(conn);
        ws.on('close', () => {
          connections.delete(conn);
          const n = (perIp.get(ip) ?? 1) - 1;
          if (n > 0) perIp.set(ip, n);
          else perIp.delete(ip);
        });
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

    registerRestBroadcast(app, ctx, hub, limits);

    // Sockets are not requests: close them before the HTTP server waits for in-flight work.
    app.addHook('preClose', async () => {
      clearInterval(idle);
      app.server.off('upgrade', upgradeListener);
      // 1012 "service restart": clients (supabase-js included) reconnect, through the load
      // balancer to an instance still running.
      for (const ws of wss.clients) ws.close(1012, 'server restarting: reconnect');
      await feed.stop();
      await hub.close();
      wss.close();
    });
  };
}
