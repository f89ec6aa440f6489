import type { Db, NotifyHandler, Queryable, QueryResult, RequestContext, Statement } from './db-types.ts';

/**
 * A database connection that arrives later. The server builds its routes and hooks while PGlite
 * opens (decision 0448), and the APIs that keep `ctx.db` for their requests get this one; nothing
 * calls it before `bind`, since requests come only once the server listens, after the open.
 */
export class LateDb implements Db {
  readonly kind: Db['kind'];
  private db: Db | undefined;

  constructor(kind: Db['kind']) {
    this.kind = kind;
  }

  bind(db: Db): void {
    this.db = db;
    // Present exactly when the driver has them (PostgreSQL's pool).
    if (db.poolStats) this.poolStats = db.poolStats.bind(db);
    if (db.separatePool) this.separatePool = db.separatePool.bind(db);
  }

  poolStats?: Db['poolStats'];
  separatePool?: Db['separatePool'];

  private get bound(): Db {
    if (!this.db) throw new Error('the database is not open yet');
    return this.db;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.bound.query<T>(sql, params);
  }
  exec(sql: string): Promise<void> {
    return this.bound.exec(sql);
  }
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.bound.transaction(fn);
  }
  asRole<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.bound.asRole(ctx, fn);
  }
  runAsRole(ctx: RequestContext, statements: Statement[], opts?: { rollback?: boolean }): Promise<QueryResult[]> {
    return this.bound.runAsRole(ctx, statements, opts);
  }
  listen(channel: string, handler: NotifyHandler): Promise<() => Promise<void>> {
    return this.bound.listen(channel, handler);
  }
  notify(channel: string, payload: string): Promise<void> {
    return this.bound.notify(channel, payload);
  }
  close(): Promise<void> {
    return this.bound.close();
  }
}
