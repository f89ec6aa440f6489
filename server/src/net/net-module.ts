import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { NetSender } from './net-sender.ts';

/**
 * Sends pg_net requests when the server provides pg_net (see bootstrap 10-net.sql); where the
 * real extension is installed its own worker sends them. No routes. Starts once the server
 * listens, so requests to this server's own functions find it up.
 */
export function netModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    if (!ctx.config.backgroundJobs) return;
    const { rows } = await ctx.db.query(`select 1 from _gather.emulated_extensions where name = 'pg_net'`);
    if (rows.length === 0) {
      ctx.log.info('net: pg_net is installed in the database; its own worker sends the requests');
      return;
    }
    const serverUrl = () => {
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : ctx.config.port;
      const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    };
    // One process per database sends (db/leader-election.ts), once the server listens.
    ctx.leadership.onLead('pg_net', async () => {
      const sender = new NetSender(ctx.db, ctx.log, serverUrl);
      await sender.start().catch((err: unknown) => ctx.log.error({ err }, 'net: could not start the sender'));
      return () => sender.stop();
    });
  };
}
