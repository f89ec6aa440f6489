import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db-types.ts';
import { runJob, type CronJob } from './cron-job-runner.ts';
import { isDue, parseSchedule, slotOf, type Schedule } from './cron-schedule.ts';

/** Seconds of missed ticks to catch up after a stall (a busy event loop, a slow query). */
const MAX_CATCH_UP_S = 60;

/**
 * pg_cron's scheduler, in the server: every second it reads `cron.job`, and runs each job due in
 * that second (or in the seconds since the last tick) in its own transaction. Instances sharing a
 * database claim (job, slot) in `_gather.cron_claims` first, so a job runs once per tick whatever
 * the number of instances. Like pg_cron, a job still running is not started again.
 */
export class CronScheduler {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private timer: NodeJS.Timeout | undefined;
  private lastSecond = 0;
  private stopped = false;
  private readonly running = new Map<string, Promise<void>>();
  private readonly parsed = new Map<string, Schedule | undefined>();
  private ticking: Promise<void> = Promise.resolve();
  private lastCleanup = 0;
  private startedSecond = 0;
  /** `@reboot` jobs run on the first tick after start, as pg_cron runs them when its worker starts. */
  private firstTick = true;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  start(): void {
    this.startedSecond = Math.floor(Date.now() / 1000);
    this.lastSecond = this.startedSecond;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    // Just after the next whole second, so "due at second N" runs early in second N.
    const delay = 1000 - (Date.now() % 1000) + 5;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((err: unknown) => this.log.error({ err }, 'cron: tick failed'))
        .finally(() => this.schedule());
    }, delay);
  }

  private schedOf(text: string): Schedule | undefined {
    if (!this.parsed.has(text)) this.parsed.set(text, parseSchedule(text));
    return this.parsed.get(text);
  }

  private async tick(): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const from = Math.max(this.lastSecond + 1, now - MAX_CATCH_UP_S);
    this.lastSecond = now;
    const { rows } = await this.db.query<CronJob>(
      `select jobid::text as jobid, schedule, command, username, jobname from cron.job
       where active and database = current_database() order by jobid`,
    );
    for (const job of rows) {
      const sched = this.schedOf(job.schedule);
      if (!sched) continue;
      let slot: number | undefined;
      if (sched.kind === 'reboot') {
        // Instances starting in the same minute share the slot: the job runs once.
        if (this.firstTick) slot = -Math.floor(this.startedSecond / 60);
      } else {
        for (let sec = now; sec >= from; sec--) {
          if (isDue(sched, sec)) {
            slot = slotOf(sched, sec);
            break; // a missed run is run once, not once per missed second
          }
        }
      }
      if (slot !== undefined && !this.running.has(job.jobid)) void this.claimAndRun(job, slot);
    }
    this.firstTick = false;
    if (now - this.lastCleanup > 600) {
      this.lastCleanup = now;
      await this.db.query(`delete from _gather.cron_claims where claimed_at < now() - interval '1 hour'`);
    }
  }

  private async claimAndRun(job: CronJob, slot: number): Promise<void> {
    const run = (async () => {
      const claimed = await this.db.query(
        'insert into _gather.cron_claims (jobid, slot) values ($1, $2) on conflict do nothing returning 1',
        [job.jobid, slot],
      );
      if (claimed.rows.length === 0) return; // another instance has it
      await runJob(this.db, job);
    })();
    this.running.set(job.jobid, run);
    try {
      await run;
    } catch (err) {
      this.log.error({ err, jobid: job.jobid }, 'cron: could not run job');
    } finally {
      this.running.delete(job.jobid);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking.catch(() => {});
    await Promise.allSettled(this.running.values());
  }
}
