import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db-types.ts';
import { sendRequest, type QueuedRequest, type RecordedResponse } from './net-request.ts';

/** pg_net's defaults: 200 requests per batch, responses kept 6 hours. */
const BATCH = 200;
const TTL = '6 hours';
/** A safety net for a missed NOTIFY (or one sent while another instance was draining). */
const POLL_MS = 1000;
const CLEANUP_MS = 60_000;

/**
 * pg_net's background worker, in the server. `net.http_*` only inserts a row and NOTIFYs
 * `gather_net`, which Postgres delivers at commit, so a request is sent only once its transaction
 * commits and never after a rollback. The sender claims rows with `for update skip locked` and
 * deletes them, so instances sharing a database send each request once; every response (or
 * error, or timeout) goes to `net._http_response`.
 */
export class NetSender {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly serverUrl: () => string;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(db: Db, log: FastifyBaseLogger, serverUrl: () => string) {
    this.db = db;
    this.log = log;
    this.serverUrl = serverUrl;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('gather_net', () => this.wake());
    this.timers.push(setInterval(() => this.wake(), POLL_MS));
    this.timers.push(setInterval(() => void this.cleanup(), CLEANUP_MS));
    this.wake();
  }

  /** Drains the queue now, or right after the drain under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'net: sending queued requests failed'))
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const { rows } = await this.db.query<QueuedRequest>(
        `with claimed as (
           select id from net.http_request_queue order by id limit $1 for update skip locked
         )
         delete from net.http_request_queue q using claimed where q.id = claimed.id
         returning q.id::text as id, q.method, q.url, q.headers, q.body, q.timeout_milliseconds`,
        [BATCH],
      );
      if (rows.length === 0) return;
      const url = this.serverUrl();
      const responses = await Promise.all(rows.map((r) => sendRequest(r, url)));
      await this.record(responses);
      if (rows.length < BATCH) return;
    }
  }

  private async record(responses: RecordedResponse[]): Promise<void> {
    try {
      await this.insert(responses);
    } catch (err) {
      // One bad row must not lose the batch: record them one by one, a failure as an error.
      this.log.error({ err }, 'net: recording responses failed; retrying one by one');
      for (const r of responses) {
        await this.insert([r]).catch((e: Error) =>
          this.insert([{ ...r, status_code: null, headers: null, content: null, content_type: null, error_msg: `response not recorded: ${e.message}` }]),
        );
      }
    }
  }

  private async insert(responses: RecordedResponse[]): Promise<void> {
    await this.db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       select (r->>'id')::bigint, (r->>'status_code')::int, r->>'content_type', r->'headers', r->>'content',
              (r->>'timed_out')::boolean, r->>'error_msg'
       from jsonb_array_elements($1::jsonb) r`,
      [JSON.stringify(responses)],
    );
  }

  private async cleanup(): Promise<void> {
    try {
      await this.db.query(`delete from net._http_response where created < now() - $1::interval`, [TTL]);
    } catch (err) {
      this.log.error({ err }, 'net: response cleanup failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.draining;
    await this.unlisten?.().catch(() => {});
  }
}
