import type { Db } from '../../db/db-types.ts';
import type { ScrapeValue, ServerMetrics } from './server-metrics.ts';

async function rowsOf(db: Db, sql: string, label: string): Promise<ScrapeValue> {
  const { rows } = await db.query<{ k: string; n: string | number }>(sql);
  return rows.map((r) => ({ labels: { [label]: String(r.k) }, value: Number(r.n) }));
}

/**
 * Gauges read from the database at scrape time: the pool of this process, and the queues every
 * instance shares (mail, text messages, pg_net) and cron's run history. Queue figures are the
 * same on every instance: they are the database's, not the process's.
 */
export function registerDatabaseGauges(metrics: ServerMetrics, db: Db): void {
  if (db.poolStats) {
    const stats = db.poolStats.bind(db);
    metrics.gauge('gather_db_pool_connections', 'Connections in this process\'s pool, by state', ['state'], () => {
      const s = stats();
      return [
        { labels: { state: 'idle' }, value: s.idle },
        { labels: { state: 'busy' }, value: s.size - s.idle },
        { labels: { state: 'max' }, value: s.max },
      ];
    });
    metrics.gauge('gather_db_pool_waiting', 'Callers waiting for a pool connection now', [], () => stats().waiting);
    metrics.counterFrom('gather_db_pool_checkouts_total', 'Pool checkouts for transactions and REST exchanges', () => stats().checkouts);
    metrics.counterFrom('gather_db_pool_waits_total', 'Checkouts that found no idle connection', () => stats().waits);
    metrics.counterFrom('gather_db_pool_wait_seconds_total', 'Time spent waiting for a pool connection', () => stats().waitSeconds);
  }
  metrics.gauge('gather_mail_queue_depth', 'Mail waiting to be sent, by status', ['status'], () =>
    rowsOf(db, `select status as k, count(*) as n from _gather.mail_outbox where status in ('pending', 'sending') group by status`, 'status'),
  );
  metrics.gauge('gather_pg_net_queue_depth', 'pg_net requests waiting to be sent', [], async () => {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from net.http_request_queue');
    return Number(rows[0]?.n ?? 0);
  });
  metrics.gauge('gather_cron_runs', 'pg_cron runs recorded in cron.job_run_details, by status', ['status'], () =>
    rowsOf(db, 'select status as k, count(*) as n from cron.job_run_details group by status', 'status'),
  );
}
