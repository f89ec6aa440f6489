import type { Db } from '../../db/db-types.ts';
import { rowMatches } from './change-filter.ts';
import { shapeChange } from './change-payload.ts';
import type { CapturedChange, ChangeSubscriber } from './change-types.ts';
import { TableInfoCache, type TableInfo } from './table-info.ts';

const CHANNEL = 'gather_realtime_changes';

interface Candidate {
  subscriber: ChangeSubscriber;
  ids: number[];
}

/**
 * postgres_changes: row changes arrive by NOTIFY from the capture trigger, in commit order.
 * Each table has its own queue, which keeps that order per table, as Supabase promises; a
 * table whose checks are slow (a costly policy, a lock) or failing delays only its own changes
 * (decision 0185). Each change goes to the subscribers whose bindings and filters match and
 * whose role may SELECT the row, asked of Postgres itself.
 */
export class ChangeFeed {
  readonly subscribers = new Set<ChangeSubscriber>();
  private readonly tables: TableInfoCache;
  private readonly db: Db;
  /** Takes changes in arrival order and hands each to its table's queue (spilled ones are read first). */
  private intake = Promise.resolve();
  /** One queue per `schema.table`, dropped when it runs dry. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly identityKeys = new WeakMap<object, string>();
  private runningSync?: Promise<void>;
  private queuedSync?: Promise<void>;
  private stopListening?: () => Promise<void>;
  private readonly onError: (err: unknown) => void;
  private readonly onDelivered?: (commitTimestamp: string) => void;

  /** `onDelivered` hears of each change sent to at least one subscriber here (delivery lag metrics). */
  constructor(db: Db, onError: (err: unknown) => void, onDelivered?: (commitTimestamp: string) => void) {
    this.db = db;
    this.tables = new TableInfoCache(db);
    this.onError = onError;
    this.onDelivered = onDelivered;
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
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.drained();
  }

  private async read(raw: string): Promise<CapturedChange | undefined> {
    const parsed = JSON.parse(raw) as CapturedChange | { spill: number };
    if (!('spill' in parsed)) return parsed;
    const r = await this.db.query<{ payload: string }>('select payload from _gather.realtime_spill where id = $1', [parsed.spill]);
    return r.rows[0] ? (JSON.parse(r.rows[0].payload) as CapturedChange) : undefined;
  }

  private enqueue(change: CapturedChange): void {
    const key = `${change.schema}.${change.table}`;
    const next: Promise<void> = (this.queues.get(key) ?? Promise.resolve())
      .then(() => this.handle(change))
      .catch(this.onError)
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    this.queues.set(key, next);
  }

  private async handle(change: CapturedChange): Promise<void> {
    if (this.subscribers.size === 0) return;
    const info = await this.tables.table(change.schema, change.table);
    if (info) await this.dispatch(change, info);
  }

  private candidates(change: CapturedChange, info: TableInfo): Candidate[] {
    const row = (change.type === 'DELETE' ? change.old_record : change.record) ?? {};
    const out: Candidate[] = [];
    for (const subscriber of this.subscribers) {
      const ids = subscriber.bindings
        .filter(
          (b) =>
            b.schema === change.schema &&
            (b.table === undefined || b.table === '*' || b.table === change.table) &&
            (b.event === '*' || b.event === change.type) &&
            (!b.filter || rowMatches(b.filter, row, info.types)),
        )
        .map((b) => b.id);
      if (ids.length) out.push({ subscriber, ids });
    }
    return out;
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

  private async dispatch(change: CapturedChange, info: TableInfo): Promise<void> {
    const candidates = this.candidates(change, info);
    if (candidates.length === 0) return;
    // Subscribers with the same role and claims see the same thing: ask once per identity.
    const groups = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const key = this.identityKey(c.subscriber);
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(c);
    }
    const needRls: string[] = [];
    if (change.type !== 'DELETE' && info.rls && info.pk.length > 0) {
      for (const [key, members] of groups) if (!(await this.tables.bypassesRls(members[0]!.subscriber.role))) needRls.push(key);
    }
    const allowed = new Set(groups.keys());
    let delivered = false;
    if (needRls.length) {
      // A failed check denies the identities it was asked about; the rest (service role,
      // tables without RLS) still get the change.
      const verdicts = await this.visibleTo(info, change.record ?? {}, needRls).catch((err: unknown) => {
        this.onError(err);
        return [] as boolean[];
      });
      needRls.forEach((key, i) => {
        if (!verdicts[i]) allowed.delete(key);
      });
    }
    // What a subscriber sees of the row depends on its role's column grants only: shape and
    // serialize it once per role, not once per identity or subscriber.
    const byRole = new Map<string, string | undefined>();
    for (const [key, members] of groups) {
      if (!allowed.has(key)) continue;
      const role = members[0]!.subscriber.role;
      if (!byRole.has(role)) {
        const visible = await this.tables.visibleColumns(info, role);
        byRole.set(role, visible.size === 0 ? undefined : JSON.stringify(shapeChange(change, info, visible)));
      }
      const dataJson = byRole.get(role);
      if (dataJson === undefined) continue;
      for (const m of members) m.subscriber.deliverChange(m.ids, dataJson);
      delivered = true;
    }
    if (delivered) this.onDelivered?.(change.commit_timestamp);
  }

  private async visibleTo(info: TableInfo, record: Record<string, unknown>, identities: string[]): Promise<boolean[]> {
    const pkVals = info.pk.map((k) => {
      const v = record[k];
      return v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
    });
    // One statement is its own transaction: the role and claims the function sets locally end
    // with it, so no BEGIN/COMMIT round trips are needed around it.
    const r = await this.db.query<{ v: boolean[] }>('select _gather.realtime_visible($1::regclass, $2, $3, $4, $5::jsonb[]) as v', [
      info.rel,
      info.pk,
      info.pkTypes,
      pkVals,
      identities,
    ]);
    return r.rows[0]?.v ?? [];
  }
}
