/**
 * Messages between the server (main thread) and the worker thread that runs PGlite. The worker
 * runs one embedded Postgres; the main thread watches it and replaces it when it breaks or hangs
 * (decision 0090).
 */

export interface PgliteBootData {
  dataDir?: string;
  /** Extension bundle modules to load (see extensions.ts). */
  extensions: string[];
  /** A data folder image (a tarball from `dumpDataDir`) to start from; memory instances only. */
  image?: Blob;
  /**
   * Shared with the main thread: [id of the operation now executing inside Postgres (0 = none),
   * when it started (ms since epoch), its time limit in ms, 1 when it is a request's and yields
   * the backend at the end of the request's turn]. Written by the worker, read by the main
   * thread's watchdog, so a query stuck in Postgres is seen even though the worker's own thread
   * is busy.
   */
  busy: SharedArrayBuffer;
}

export const BUSY_OP = 0;
export const BUSY_SINCE = 1;
export const BUSY_LIMIT = 2;
export const BUSY_YIELDS = 3;
export const BUSY_SLOTS = 4;

export type TxMode = 'commit' | 'rollback';

/**
 * Main → worker. `tx` names an open transaction; none means the database itself. `limitMs`: the
 * statement's time limit; `yields`: a request's statement, cancelled when the request's turn is
 * over and others wait (decision 0255).
 */
export type ToPglite =
  /** `prepare`: run as a named prepared statement, parsed and planned once per text (pglite-prepared.ts); in a transaction only. */
  | { t: 'query'; id: number; tx?: number; sql: string; params?: unknown[]; prepare?: boolean; limitMs: number; yields?: boolean }
  | { t: 'exec'; id: number; tx?: number; sql: string; limitMs: number; yields?: boolean }
  /** Opens a transaction; `setup` runs first inside it (the request's role and settings). */
  | { t: 'begin'; id: number; setup?: { sql: string; params: unknown[]; readOnly: boolean }; limitMs: number; yields?: boolean }
  | { t: 'end'; id: number; tx: number; mode: TxMode; limitMs: number; yields?: boolean }
  | { t: 'listen'; id: number; channel: string }
  | { t: 'unlisten'; id: number; channel: string }
  | { t: 'dump'; id: number }
  /** The worker's WebAssembly memory, in bytes (pglite-recycle.ts). */
  | { t: 'memory'; id: number }
  /** A database-port client's protocol messages, run in order (pglite-wire-sessions.ts). */
  | { t: 'wire'; id: number; client: number; messages: Uint8Array[]; limitMs: number }
  /** That client is gone: roll back what it holds. */
  | { t: 'wire-close'; id: number; client: number; limitMs: number }
  | { t: 'close'; id: number };

/** An error as it crosses the thread boundary: the message plus Postgres's fields. */
export interface WireError {
  message: string;
  name?: string;
  fields: Record<string, string | undefined>;
}

export type FromPglite =
  | { t: 'ready' }
  | { t: 'boot-error'; error: WireError }
  | { t: 'ok'; id: number; value?: unknown }
  /** `broken`: this failure also ended the instance (the culprit learns it before anyone else). */
  | { t: 'err'; id: number; error: WireError; broken?: string }
  | { t: 'notify'; channel: string; payload: string }
  /** Postgres inside the worker can no longer be trusted; no more SQL will run in it. */
  | { t: 'broken'; reason: string };

/** The fields of a Postgres error worth carrying (what node-postgres and PGlite report). */
const PG_FIELDS = [
  'code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where',
  'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine',
] as const;

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, string | undefined> = {};
  for (const f of PG_FIELDS) {
    const v = (err as unknown as Record<string, unknown>)[f];
    if (v !== undefined && v !== null) fields[f] = String(v);
  }
  return { message: err.message, name: err.name, fields };
}

export function fromWire(w: WireError): Error {
  const err = new Error(w.message) as Error & Record<string, unknown>;
  if (w.name && w.name !== 'Error') err.name = w.name;
  Object.assign(err, w.fields);
  return err;
}

/** An error that looks like one Postgres sent (a SQLSTATE `code`), so every API maps it as such. */
export function pgError(message: string, code: string, hint?: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', hint });
}

/** What operations in flight see when their instance is replaced: as if Postgres were restarting. */
export const restarting = (): Error => pgError('the embedded database is restarting', '57P01', 'Retry the request.');
