/** One interface over PGlite and PostgreSQL; every module talks to the database through it. */

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows affected by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows: number;
  fields: { name: string; dataTypeID: number }[];
}

/** What a query can run on: the database itself, or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements in one string, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/**
 * Who is asking. Each request's transaction runs `SET LOCAL ROLE` to `role` with the JWT
 * claims and the other `request.*` settings PostgREST sets, so row-level security decides.
 */
export interface RequestContext {
  role: string;
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Extra transaction-local settings, e.g. `storage.operation`. */
  settings?: Record<string, string>;
  readOnly?: boolean;
}

/** A SQL statement with its bound parameters. */
export interface Statement {
  sql: string;
  params?: unknown[];
}

export type NotifyHandler = (payload: string) => void;

/** How busy the connection pool is (PostgreSQL); counters grow for the life of the pool. */
export interface PoolStats {
  size: number;
  max: number;
  idle: number;
  /** Callers waiting for a connection right now. */
  waiting: number;
  checkouts: number;
  /** Checkouts that found no idle connection and had to wait. */
  waits: number;
  waitSeconds: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction as the connecting (owner) role. Rolled back if `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A transaction under the caller's role and claims. */
  asRole<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Statements under the caller's role and claims as one transaction, results in order. On
   * PostgreSQL the settings and the statements travel in one round trip and each statement is
   * prepared once per connection, by its SQL text. `rollback` undoes them after they ran.
   */
  runAsRole(ctx: RequestContext, statements: Statement[], opts?: { rollback?: boolean }): Promise<QueryResult[]>;
  /** Returns a function that stops listening. */
  listen(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Pool figures for metrics; absent on PGlite (one connection, in-process). */
  poolStats?(): PoolStats;
  /**
   * A pool of its own (PostgreSQL), opened on first use and closed with the Db (its idle
   * connections stay open meanwhile): background
   * work (realtime's row checks) that must not wait behind request traffic for a connection.
   * Absent on PGlite, which has one connection anyway.
   */
  separatePool?(name: string, max: number): Queryable;
}

/** A Postgres error as both drivers report it (SQLSTATE code, position, detail, hint). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  position?: string | number;
  where?: string;
}

export function isPgError(err: unknown): err is PgError {
  return err instanceof Error && typeof (err as PgError).code === 'string';
}
