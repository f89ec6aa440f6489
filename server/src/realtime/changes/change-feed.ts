import type { Db, Queryable } from '../../db/db-types.ts';
import { rowMatches } from './change-filter.ts';
import { shapeChange } from './change-payload.ts';
import type { CapturedChange, ChangeBinding, ChangeSubscriber, SharedChange } from './change-types.ts';
import { TableInfoCache, type TableInfo } from './table-info.ts';
import { TableQueues } from './table-queues.ts';

const CHANNEL = 'gather_realtime_changes';
/** A table's backlog is taken this many changes at a time: one check, one write per socket. */
const MAX_BATCH = 64;

interface Candidate {
  subscriber: ChangeSubscriber;
  ids: number[];
  /** The bindings' `select` (sorted), shared by every id here; none: every column. */
  select?: string[];
}

/**
 * postgres_changes: row changes arrive by NOTIFY from the capture trigger, in commit order.
 * Each table has its own queue, which keeps that order per table, as Supabase promises; a
 * table whose checks are slow (a costly policy, a lock) or failing delays only its own changes
 * (decision 0185); a backlog is handled in batches (decision 0190). Each change goes to the
 * subscribers whose bindings and filters match and whose role may SELECT the row, asked of
 * Postgres itself, on `checks` (a pool of its own on PostgreSQL, so that requests waiting for
 * a row lock do not hold the checks back).
 */
export class ChangeFeed {
  readonly subscribers = new Set<ChangeSubscriber>();
  private readonly tables: TableInfoCache;
  private readonly db: Db;
  private readonly checks: Queryable;
  /** Takes changes in arrival order and hands each to its table's queue (spilled ones are read first). */
  private intake = Promise.resolve();
  /** One queue per `schema.table`, dropped when it runs dry. */
  private readonly queues: TableQueues<CapturedChange>;
  private readonly identityKeys = new WeakMap<object, string>();
  private runningSync?: Promise<void>;
  private queuedSync?: Promise<void>;
  private stopListening?: () => Promise<void>;
  private readonly onError: (err: unknown) => void;
  private readonly onDelivered?: (commitTimestamp: string) => void;

  /**
   * `onDelivered` hears of each change sent to at least one subscriber here (delivery lag
   * metrics). `checks` runs the row checks and catalog reads (default: `db`).
   */
  constructor(db: Db, onError: (err: unknown) => void, onDelivered?: (commitTimestamp: string) => void, checks: Queryable = db) {
    this.db = db;
    this.checks = checks;
    this.tables = new TableInfoCache(checks);
    this.onError = onError;
    this.onDelivered = onDelivered;
    this.queues = new TableQueues((batch) => this.handleBatch(batch), onError, MAX_BATCH);
  }

  async start(): Promise<void> {
    await this.syncTriggers();
    this.stopListening = await this.db.listen(CHANNEL, (raw) => {
      this.intake = this.intake
        .then(() => this.read(raw))
        .then((change) => {
          if (change) this.enqueue(change);
        })
        .catch(this.onError);
    });
  }

  /**
   * Attach capture triggers to the tables now in the publication (PGlite has no event triggers).
   * Joins call this: concurrent callers share one run that starts after their call, so a burst
   * of joins costs two catalog queries, not one each.
   */
  syncTriggers(): Promise<void> {
    if (this.queuedSync) return this.queuedSync;
    const run = () => {
      const p = this.db.query('select _gather.sync_realtime_triggers()').then(() => {});
      this.runningSync = p.finally(() => (this.runningSync = undefined));
      return p;
    };
    if (!this.runningSync) return run();
    this.queuedSync = this.runningSync.catch(() => {}).then(() => {
      this.queuedSync = undefined;
      return run();
    });
    return this.queuedSync;
  }

  /** Resolves when every change received so far has been delivered (tests, shutdown). */
  async drained(): Promise<void> {
    await this.intake;
    await this.queues.drained();
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.drained();
  }

  private async read(raw: string): Promise<CapturedChange | undefined> {
    const parsed = JSON.parse(raw) as CapturedChange | { spill: number };
    if (!('spill' in parsed)) return parsed;
    const r = await this.checks.query<{ payload: string }>('select payload from _gather.realtime_spill where id = $1', [parsed.spill]);
    return r.rows[0] ? (JSON.parse(r.rows[0].payload) as CapturedChange) : undefined;
  }

  private enqueue(change: CapturedChange): void {
    this.queues.push(`${change.schema}.${change.table}`, change);
  }

  /**
   * The group key (and the identity the row check runs as), cached per claims object: a
   * token's verification makes a new one with its role, so a token change makes a new key.
   */
  private identityKey(subscriber: ChangeSubscriber): string {
    let key = this.identityKeys.get(subscriber.claims);
    if (key === undefined) {
      key = JSON.stringify({ ...subscriber.claims, role: subscriber.role });
      this.identityKeys.set(subscriber.claims, key);
    }
    return key;
  }

  private async handleBatch(changes: CapturedChange[]): Promise<void> {
    if (this.subscribers.size === 0) return;
    const info = await this.tables.table(changes[0]!.schema, changes[0]!.table);
    if (!info) return;
    const planned = changes.map((change) => ({ change, groups: this.groups(change, info) })).filter((p) => p.groups.size > 0);
    if (planned.length === 0) return;
    const denied = await this.deniedRows(info, planned);
    // What a subscriber sees of a row depends on its role's column grants only: shape and
    // serialize each change once per role, not once per identity or subscriber.
    const columns = new Map<string, Set<string>>();
    for (const p of planned) {
      for (const members of p.groups.values()) {
        const role = members[0]!.subscriber.role;
        if (!columns.has(role)) columns.set(role, await this.tables.visibleColumns(info, role));
      }
    }
    // From here on nothing awaits: the batch reaches every socket in this tick, one write each.
    planned.forEach((p, i) => {
      // Per role and per `select`: bindings that select columns get a frame of their own, as
      // upstream sends one per selection group (their ids apart).
      const shapes = new Map<string, SharedChange | null>();
      let delivered = false;
      for (const [key, members] of p.groups) {
        if (denied[i]!.has(key)) continue;
        const role = members[0]!.subscriber.role;
        for (const m of members) {
          const shapeKey = m.select ? `${role}\n${m.select.join(',')}` : role;
          let shared = shapes.get(shapeKey);
          if (shared === undefined) {
            const visible = selectedColumns(columns.get(role)!, m.select, info);
            shared = visible.size === 0 ? null : { dataJson: JSON.stringify(shapeChange(p.change, info, visible)), frames: new Map() };
            shapes.set(shapeKey, shared);
          }
          if (!shared) continue;
          m.subscriber.deliverChange(m.ids, shared);
          delivered = true;
        }
      }
      if (delivered) this.onDelivered?.(p.change.commit_timestamp);
    });
  }

  /**
   * The subscribers whose bindings match the change, grouped by identity (role and claims):
   * subscribers with the same identity see the same thing, so each group is checked once.
   * A filter is evaluated once per change for all bindings with the same params.
   */
  private groups(change: CapturedChange, info: TableInfo): Map<string, Candidate[]> {
    const row = (change.type === 'DELETE' ? change.old_record : change.record) ?? {};
    const matched = new Map<string, boolean>();
    const groups = new Map<string, Candidate[]>();
    for (const subscriber of this.subscribers) {
      let mine: Candidate[] | undefined;
      for (const b of subscriber.bindings) {
        let hit = matched.get(b.key);
        if (hit === undefined) matched.set(b.key, (hit = bindingMatches(b, change, row, info)));
        if (!hit) continue;
        const same = (mine ??= []).find((c) => c.select?.join(',') === b.select?.join(','));
        if (same) same.ids.push(b.id);
        else mine.push({ subscriber, ids: [b.id], select: b.select });
      }
      if (!mine) continue;
      const key = this.identityKey(subscriber);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(...mine);
    }
    return groups;
  }

  /**
   * The identity keys that may not see each planned change, asked of Postgres in one statement
   * for the whole batch (decision 0190): each identity's rows in one execution under its role
   * and claims. A failed check denies what it was asked about; the rest (roles that bypass RLS,
   * tables without RLS, deletes) still get their changes.
   */
  private async deniedRows(info: TableInfo, planned: { change: CapturedChange; groups: Map<string, Candidate[]> }[]): Promise<Set<string>[]> {
    const denied = planned.map(() => new Set<string>());
    if (!info.rls || info.pk.length === 0) return denied;
    const asks = new Map<string, number[]>();
    for (let i = 0; i < planned.length; i++) {
      if (planned[i]!.change.type === 'DELETE') continue;
      for (const [key, members] of planned[i]!.groups) {
        if (await this.tables.bypassesRls(members[0]!.subscriber.role)) continue;
        let rows = asks.get(key);
        if (!rows) asks.set(key, (rows = []));
        rows.push(i);
      }
    }
    if (asks.size === 0) return denied;
    const identities = [...asks.keys()];
    const pkRows = identities.map((key) => JSON.stringify(asks.get(key)!.map((i) => pkValues(info, planned[i]!.change.record ?? {}))));
    let verdicts: boolean[] = [];
    try {
      // One statement is its own transaction: the role and claims the function sets locally end
      // with it, so no BEGIN/COMMIT round trips are needed around it.
      const r = await this.checks.query<{ v: boolean[] }>(
        'select _gather.realtime_visible_rows($1::regclass, $2, $3, $4::jsonb[], $5::jsonb[]) as v',
        [info.rel, info.pk, info.pkTypes, identities, pkRows],
      );
      verdicts = r.rows[0]?.v ?? [];
    } catch (err) {
      this.onError(err);
    }
    let at = 0;
    for (const key of identities) for (const i of asks.get(key)!) if (!verdicts[at++]) denied[i]!.add(key);
    return denied;
  }
}

function bindingMatches(b: ChangeBinding, change: CapturedChange, row: Record<string, unknown>, info: TableInfo): boolean {
  return (
    b.schema === change.schema &&
    (b.table === undefined || b.table === '*' || b.table === change.table) &&
    (b.event === '*' || b.event === change.type) &&
    (!b.filter || rowMatches(b.filter, row, info.types))
  );
}

/** What a binding's `select` leaves of the columns its role may see: those named, and the primary key. */
function selectedColumns(visible: Set<string>, select: string[] | undefined, info: TableInfo): Set<string> {
  if (!select) return visible;
  return new Set([...visible].filter((c) => select.includes(c) || info.pk.includes(c)));
}

function pkValues(info: TableInfo, record: Record<string, unknown>): (string | null)[] {
  return info.pk.map((k) => {
    const v = record[k];
    return v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
  });
}
