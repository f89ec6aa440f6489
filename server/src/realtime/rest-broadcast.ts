import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { privateChannelPermissions } from './authorization/private-channel.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import type { RealtimeLimits } from './realtime-limits.ts';
import { channelRoute } from './socket/channel-session.ts';
import { RealtimeTokenError, verifyRealtimeToken, type RealtimeIdentity } from './socket/realtime-token.ts';

/** The Authorization bearer if valid, else the apikey; undefined when neither verifies. */
async function identityOf(ctx: ServerContext, req: FastifyRequest): Promise<RealtimeIdentity | undefined> {
  const bearer = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  const apikey = (req.headers.apikey as string | undefined) ?? (req.query as Record<string, string | undefined>).apikey;
  for (const token of [bearer, apikey]) {
    if (!token) continue;
    try {
      return await verifyRealtimeToken(token, ctx.keys, ctx.roles);
    } catch (err) {
      if (!(err instanceof RealtimeTokenError)) throw err;
    }
  }
  return undefined;
}

async function mayWrite(ctx: ServerContext, subtopic: string, who: RealtimeIdentity, isPrivate: boolean): Promise<boolean> {
  return !isPrivate || (await privateChannelPermissions(ctx.db, subtopic, who)).broadcastWrite;
}

/** `POST /api/broadcast` (batch) and `POST /api/broadcast/:topic/events/:event` (httpSend). */
export function registerRestBroadcast(app: FastifyInstance, ctx: ServerContext, hub: RealtimeHub, limits: RealtimeLimits): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: limits.maxPayloadBytes }, (_req, body, done) => done(null, body));

  app.post('/api/broadcast', async (req, reply) => {
    const who = await identityOf(ctx, req);
    if (!who) return reply.code(401).send({ message: 'Unauthorized' });
    const messages = (req.body as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(messages)) return reply.code(422).send({ message: 'messages must be a list' });
    for (const m of messages as Record<string, unknown>[]) {
      if (typeof m?.topic !== 'string' || typeof m.event !== 'string') return reply.code(422).send({ message: 'each message needs a topic and an event' });
      if (Buffer.byteLength(JSON.stringify(m.payload ?? {})) > limits.maxPayloadBytes) return reply.code(422).send({ message: 'Payload size exceeds tenant limit' });
    }
    for (const m of messages as { topic: string; event: string; payload?: unknown; private?: boolean; id?: unknown }[]) {
      if (!(await mayWrite(ctx, m.topic, who, m.private === true))) continue; // upstream skips silently
      await hub.broadcast({ topic: channelRoute(`realtime:${m.topic}`, m.private === true), event: m.event, payload: m.payload ?? {}, meta: m.id === undefined ? undefined : { id: m.id } });
    }
    return reply.code(202).send();
  });

  app.post<{ Params: { topic: string; event: string }; Querystring: { private?: string } }>(
    '/api/broadcast/:topic/events/:event',
    async (req, reply) => {
      const who = await identityOf(ctx, req);
      if (!who) return reply.code(401).send({ message: 'Unauthorized' });
      const type = req.headers['content-type'] ?? '';
      const binary = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : undefined;
      if (!binary && !type.startsWith('application/json')) return reply.code(415).send({ message: 'Unsupported content type' });
      const { topic, event } = req.params;
      if (!(await mayWrite(ctx, topic, who, req.query.private === 'true'))) return reply.code(403).send({ error: 'Unauthorized' });
      await hub.broadcast({ topic: channelRoute(`realtime:${topic}`, req.query.private === 'true'), event, payload: binary ? undefined : (req.body ?? {}), binary });
      return reply.code(202).send();
    },
  );
}
