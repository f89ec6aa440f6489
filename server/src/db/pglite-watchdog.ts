import type { Worker } from 'node:worker_threads';
import { CANCEL_HOOK, type CancelReason } from './pglite-cancel.ts';
import { evaluateInWorker } from './pglite-interrupt.ts';
import { BUSY_LIMIT, BUSY_OP, BUSY_SINCE, BUSY_YIELDS } from './pglite-wire.ts';

/** How often the watchdog looks while operations are in flight. */
const WATCH_EVERY_MS = 25;
/**
 * How long a statement asked to stop by its time limit may take to stop before the instance
 * is given up (decision 0090's replacement). Postgres checks for interrupts in every loop that
 * reads rows; what it does not check in (PGlite's busy sleep: `pg_sleep`) ends only this way.
 */
export const CANCEL_GRACE_MS = 3000;

export interface WatchdogEvents {
  /**
   * Whether the running statement, a request's, has run `ranMs` past its turn while another
   * client waits: the turn's length in ms, else undefined.
   */
  overdue(ranMs: number): number | undefined;
  /** The statement in `op` would not stop: the instance must be replaced. */
  stuck(op: number, why: string): void;
}

/**
 * The main thread's eye on the statement PGlite's worker runs (decisions 0090, 0254, 0255): it
 * reads the shared buffer the worker writes around each protocol exchange and, when the
 * statement has run past its time limit, or belongs to a request whose turn is over while
 * another client waits, has Postgres cancel it (57014; the instance lives on). Only a statement that does not stop within
 * CANCEL_GRACE_MS of its time limit's cancel costs the instance.
 */
export class Watchdog {
  private timer: NodeJS.Timeout | undefined;
  /** The cancel asked for the exchange now running (op + start identify it). */
  private asked: { op: number; since: number; at: number; reason: CancelReason['kind'] } | undefined;
  private readonly busy: Float64Array;
  private readonly worker: Worker;
  private readonly events: WatchdogEvents;

  constructor(busy: Float64Array, worker: Worker, events: WatchdogEvents) {
    this.busy = busy;
    this.worker = worker;
    this.events = events;
  }

  start(): void {
    this.timer ??= setInterval(() => this.look(), WATCH_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private look(): void {
    const op = this.busy[BUSY_OP]!;
    if (op === 0) return;
    const since = this.busy[BUSY_SINCE]!;
    const limit = this.busy[BUSY_LIMIT]!;
    const now = Date.now();
    const asked = this.asked?.op === op && this.asked.since === since ? this.asked : undefined;
    if (asked?.reason === 'timeout') {
      if (now - asked.at > CANCEL_GRACE_MS) this.giveUp(op, limit);
      return;
    }
    if (limit > 0 && now - since > limit) return this.ask(op, since, now, { kind: 'timeout' }, limit);
    if (asked || this.busy[BUSY_YIELDS] !== 1) return;
    const turnMs = this.events.overdue(now - since);
    if (turnMs !== undefined) this.ask(op, since, now, { kind: 'turn', turnMs }, limit);
  }

  private ask(op: number, since: number, now: number, reason: CancelReason, limit: number): void {
    this.asked = { op, since, at: now, reason: reason.kind };
    void evaluateInWorker(this.worker, `globalThis.${CANCEL_HOOK}?.(${op}, ${JSON.stringify(reason)}) === true`).then((done) => {
      // No inspector, or no hook: a statement past its limit is ended the old way, at once.
      if (done !== true && reason.kind === 'timeout' && this.busy[BUSY_OP] === op && this.busy[BUSY_SINCE] === since) this.giveUp(op, limit);
    });
  }

  private giveUp(op: number, limit: number): void {
    this.stop();
    this.events.stuck(op, `a statement ran longer than ${limit} ms and did not stop when cancelled`);
  }
}
