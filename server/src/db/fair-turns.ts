import { SERVER_CLIENT } from './request-scope.ts';

/** Half-life of a client's recorded use of the database. */
const USE_HALF_LIFE_MS = 10_000;
/**
 * A client whose turns lately add up to this (use halving every 10 s: a client keeping the
 * database busy about a seventh of the time, steadily, or 2 s in one go) may be hogging it.
 */
export const HOG_MS = 2000;
/** A client waiting in line for this long goes first, however much it used the database before. */
const STARVED_MS = 5_000;
/**
 * Each millisecond a client held the database lately puts it this many milliseconds further back
 * in the line (decision 0461). Use alone decided before: in a crowd of people who had each used
 * the database a few milliseconds, anyone with a little more was overtaken by every newcomer
 * until starved (checkouts from 1,000 addresses: p99 3 s on PGlite, 1 s on PostgreSQL, against
 * 0.25 s first come, first served). An attacker's seconds of use still put it behind everyone.
 */
const USE_WEIGHT = 10;
/** A client served this recently is still using the database (between one request's calls, say). */
const ACTIVE_MS = 1_000;

/** A hogging client's share of the turns (FairTurns.isHog). */
export interface HogLimit {
  /** Recent use (ms, decaying) from which a client that uses more than everyone else together is a hog. */
  ms: number;
  /** Turns a hog may hold at once. */
  maxTurns: number;
  /**
   * How long a hog waits after another client's turn ends before it may start one: a request
   * makes several calls (auth: a session, then a user), and each would otherwise wait behind
   * one of the hog's turns. Only hogs wait; 0 or absent: they do not.
   */
  yieldMs?: number;
}

function decayed(u: { ms: number; at: number }, now: number): number {
  return u.ms * 2 ** (-(now - u.at) / USE_HALF_LIFE_MS);
}

/**
 * Who uses the database next, fairly between clients (decision 0255). Each caller names its
 * client (an address, a user); at most `capacity` turns run at once and one client holds at most
 * `perClient` of them. When a turn ends, the next goes to the waiting client first in line: in
 * line since its call arrived, or since its last turn if that was later (a backlog queues again
 * after each turn), and USE_WEIGHT ms further back per millisecond it held the database lately
 * (`recentUse`, halving every 10 s). A client in line for STARVED_MS goes first (a stream of
 * light clients does not starve a busy one). So one client with a hundred slow requests queued
 * does not get a hundred turns in a row: anyone else waiting goes first, and waits for about one
 * of its turns; and among clients of like use, first come, first served.
 */
export class FairTurns {
  /** Waiting callers by client (and since when), in the order the clients started waiting. */
  private readonly queues = new Map<string, { wake(): void; since: number }[]>();
  private readonly held = new Map<string, number>();
  /** When each client was last given a turn (ms since epoch). */
  private readonly served = new Map<string, number>();
  /** Milliseconds of turns per client, decaying with USE_HALF_LIFE_MS, as of `at`. */
  private readonly use = new Map<string, { ms: number; at: number }>();
  /** Every client's use together but the server's own, decaying alike. */
  private total = { ms: 0, at: 0 };
  private running = 0;
  /** When a turn of a client that is not a hog last ended (HogLimit.yieldMs). */
  private lastOtherEnd = 0;
  private wakeTimer: NodeJS.Timeout | undefined;
  private readonly capacity: number;
  private readonly perClient: number;
  private readonly shared: number;
  private readonly hog: HogLimit | undefined;

  /**
   * `hog`: how many turns at once a client hogging the database may hold (see isHog).
   * `shared`: how many a client may hold while another client uses the database too (see free).
   */
  constructor(capacity: number, perClient = capacity, hog?: HogLimit, shared = perClient) {
    this.capacity = Math.max(1, capacity);
    this.perClient = Math.max(1, Math.min(perClient, this.capacity));
    this.shared = Math.max(1, Math.min(shared, this.perClient));
    this.hog = hog;
  }

  /**
   * Whether the client is hogging the database: it held it for `hog.ms` lately, and for more
   * than every other client together (the server's own work aside), while another used it too.
   * A server with one client (one address, say) has nobody to be unfair to: no hog. The
   * server's own work is never one.
   */
  isHog(client: string, now = Date.now()): boolean {
    if (!this.hog || client === SERVER_CLIENT) return false;
    const own = this.recentUse(client, now);
    const all = decayed(this.total, now);
    return own >= this.hog.ms && own * 2 > all && all - own >= 1;
  }

  /** Waits for a turn; call the returned function once, when done with the database. */
  async acquire(client: string): Promise<() => void> {
    await new Promise<void>((resolve) => {
      const waiter = { wake: resolve, since: Date.now() };
      const q = this.queues.get(client);
      if (q) q.push(waiter);
      else this.queues.set(client, [waiter]);
      this.dispatch();
    });
    let released = false;
    const started = Date.now();
    return () => {
      if (released) return;
      released = true;
      this.record(client, Date.now() - started);
      if (this.hog?.yieldMs && !this.isHog(client)) this.lastOtherEnd = Date.now();
      this.running--;
      const n = this.held.get(client)! - 1;
      if (n === 0) this.held.delete(client);
      else this.held.set(client, n);
      this.dispatch();
    };
  }

  /** Whether a client that holds no turn (other than `ignore`) is waiting for one: someone else is being kept out. */
  othersWaiting(ignore?: string): boolean {
    for (const client of this.queues.keys()) if (client !== ignore && !this.held.has(client)) return true;
    return false;
  }

  /**
   * Whether a client other than this one (and the server) holds a turn, waits for one or was
   * served within ACTIVE_MS. Asked only of a client at its `shared` turns, so rarely.
   */
  private othersActive(client: string): boolean {
    const other = (c: string) => c !== client && c !== SERVER_CLIENT;
    for (const c of this.held.keys()) if (other(c)) return true;
    for (const c of this.queues.keys()) if (other(c)) return true;
    const since = Date.now() - ACTIVE_MS;
    for (const [c, at] of this.served) if (at > since && other(c)) return true;
    return false;
  }

  /** How many milliseconds of turns the client held lately (halving every USE_HALF_LIFE_MS). */
  recentUse(client: string, now = Date.now()): number {
    const u = this.use.get(client);
    return u ? decayed(u, now) : 0;
  }

  private record(client: string, ms: number): void {
    const now = Date.now();
    this.use.set(client, { ms: this.recentUse(client, now) + ms, at: now });
    // The server's own work (start-up, migrations, jobs) does not make a client's share look small.
    if (client !== SERVER_CLIENT) this.total = { ms: decayed(this.total, now) + ms, at: now };
    // Forget clients whose use has faded (a busy server sees many addresses).
    if (this.use.size > 1000) for (const [c] of this.use) if (this.recentUse(c, now) < 1) this.use.delete(c);
  }

  /** Callers waiting, all clients together. */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  private free(client: string): boolean {
    const held = this.held.get(client) ?? 0;
    if (this.running >= this.capacity || held >= this.perClient) return false;
    if (held >= this.shared && this.othersActive(client)) return false;
    if (!this.hog || !this.isHog(client)) return true;
    if (held >= this.hog.maxTurns) return false;
    const now = Date.now();
    const wait = this.lastOtherEnd + (this.hog.yieldMs ?? 0) - now;
    // Throttled, never starved: a hog not served for STARVED_MS goes, others' calls or not.
    const since = this.served.get(client) ?? this.queues.get(client)?.[0]?.since ?? now;
    if (wait <= 0 || now - since > STARVED_MS) return true;
    // Nothing else may wake the queue meanwhile: look again when the hog's wait is over.
    this.wakeTimer ??= setTimeout(() => {
      this.wakeTimer = undefined;
      this.dispatch();
    }, wait);
    return false;
  }

  private take(client: string): void {
    this.running++;
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    this.served.set(client, Date.now());
    if (this.served.size > 1000) for (const [c] of this.served) if (!this.queues.has(c) && !this.held.has(c)) this.served.delete(c);
  }

  private dispatch(): void {
    while (this.running < this.capacity) {
      const now = Date.now();
      let next: string | undefined;
      let best = { starved: false, place: Infinity };
      for (const [client, q] of this.queues) {
        if (!this.free(client)) continue;
        const inLine = Math.max(q[0]!.since, this.served.get(client) ?? 0);
        const starved = now - inLine > STARVED_MS;
        // Among the starved, who waited longest; else who is first in line, use counted.
        const place = starved ? inLine : inLine + USE_WEIGHT * this.recentUse(client, now);
        if ((starved && !best.starved) || (starved === best.starved && place < best.place)) {
          next = client;
          best = { starved, place };
        }
      }
      if (next === undefined) return;
      const q = this.queues.get(next)!;
      const { wake } = q.shift()!;
      if (q.length === 0) this.queues.delete(next);
      this.take(next);
      wake();
    }
  }
}
