import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { CronScheduler } from './cron-scheduler.ts';

/**
 * Runs pg_cron jobs when the server provides pg_cron (see bootstrap 09-cron.sql); where the real
 * extension is installed its own background worker runs them. No routes. The scheduler starts
 * once the server listens, so a job calling this server's functions finds it up.
 */
export function cronModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    if (!ctx.config.backgroundJobs) return;
    const { rows } = await ctx.db.query(`select 1 from _gather.emulated_extensions where name = 'pg_cron'`);
    if (rows.length === 0) {
      ctx.log.info('cron: pg_cron is installed in the database; its own worker runs the jobs');
      return;
    }
    // One process per database schedules (db/leader-election.ts); claims keep a tick single anyway.
    ctx.leadership.onLead('cron', () => {
      const scheduler = new CronScheduler(ctx.db, ctx.log);
      scheduler.start();
      return () => scheduler.stop();
    });
  };
}
