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

export type NotifyHandler = (payload: string) => void;

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction as the connecting (owner) role. Rolled back if `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A transaction under the caller's role and claims. */
  asRole<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Returns a function that stops listening. */
  listen(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
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
