import pg from 'pg';
import type { Db } from './db-types.ts';

/** A background duty (cron's scheduler, pg_net's sender, mail delivery): started, then stopped. */
export type Duty = () => Promise<() => Promise<void>> | (() => Promise<void>);

/** Advisory lock key of the scheduler lease ("gather-sched" as two int4, per database). */
const LEADER_LOCK = [0x67617468, 0x73636864] as const;
const RETRY_MS = 5000;

export interface LeaderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * One process per database runs the background duties, elected with a session advisory lock
 * held on a connection of its own: workers of one instance and other instances alike. Followers
 * try again every few seconds, so when the leader stops (its session ends, the lock with it)
 * another takes over. The duties are also safe to run twice (claims, `skip locked`); the election
 * saves N-1 processes polling the same queues every second. PGlite has one process: it leads.
 */
export class Leadership {
  private readonly duties: { name: string; run: Duty }[] = [];
  private readonly stops: (() => Promise<void>)[] = [];
  private client?: pg.Client;
  private timer?: NodeJS.Timeout;
  private closed = false;
  leading = false;

  private readonly db: Db;
  private readonly url: string | undefined;
  private readonly log: LeaderLog;

  constructor(db: Db, url: string | undefined, log: LeaderLog) {
    this.db = db;
    this.url = url;
    this.log = log;
  }

  /** Registers a duty; it runs whenever this process leads, from `start()` on. */
  onLead(name: string, run: Duty): void {
    this.duties.push({ name, run });
    if (this.leading) void this.runDuty({ name, run });
  }

  /** Tries at once (so a single process starts its duties before it reports ready), then keeps trying. */
  async start(): Promise<void> {
    await this.attempt();
  }

  private async attempt(): Promise<void> {
    if (this.closed || this.leading) return;
    try {
      if (this.db.kind === 'pglite' || !this.url) return await this.lead();
      const client = new pg.Client({ connectionString: this.url, application_name: 'gather-server-leader' });
      client.on('error', () => {});
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [...LEADER_LOCK]);
      if (!rows[0]?.ok || this.closed) {
        await client.end().catch(() => {});
      } else {
        this.client = client;
        // The session, and the lock with it, is gone: stop, and stand for election again.
        client.once('end', () => void this.lose());
        return await this.lead();
      }
    } catch (err) {
      this.log.warn({ err }, 'leader election: could not ask the database; trying again');
    }
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.attempt(), RETRY_MS);
    this.timer.unref();
  }

  private async lead(): Promise<void> {
    this.leading = true;
    if (this.db.kind === 'postgres') this.log.info({}, 'leader election: this process runs cron, pg_net and mail delivery');
    for (const duty of this.duties) await this.runDuty(duty);
  }

  private async runDuty(duty: { name: string; run: Duty }): Promise<void> {
    try {
      this.stops.push(await duty.run());
    } catch (err) {
      this.log.warn({ err, duty: duty.name }, 'leader election: a background duty failed to start');
    }
  }

  private async lose(): Promise<void> {
    if (!this.leading || this.closed) return;
    this.leading = false;
    this.client = undefined;
    this.log.warn({}, 'leader election: lost the lease (connection ended); stopping background duties');
    await this.stopDuties();
    this.retryLater();
  }

  private async stopDuties(): Promise<void> {
    const stops = this.stops.splice(0);
    await Promise.allSettled(stops.map((s) => s()));
  }

  /** Stops the duties, then gives up the lease so another process takes over at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.leading = false;
    await this.stopDuties();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
