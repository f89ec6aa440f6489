import { createRequire } from 'node:module';
import pg from 'pg';
import type { QueryResult, Statement } from './db-types.ts';

// pg's own value preparation, so bound values are sent exactly as pool.query sends them.
const require = createRequire(import.meta.url);
const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (v: unknown) => string | Buffer | null };

/** The protocol writer of a pg client (not in @types/pg). */
interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: { statement: string; portal: string; values: (string | Buffer | null)[] }): void;
  describe(msg: { type: 'P' | 'S'; name: string }): void;
  execute(msg: { portal: string; rows: number }): void;
  close(msg: { type: 'P' | 'S'; name: string }): void;
  sendCopyFail(msg: string): void;
  sync(): void;
}

/** A string goes as it is (what prepareValue does with it, without the call); the rest as pg sends it. */
const toWire = (v: unknown): string | Buffer | null => (typeof v === 'string' ? v : prepareValue(v));

interface FieldMessage {
  name: string;
  dataTypeID: number;
  format: string;
}

/** A statement's result columns and their parsers (pg's type parsers, as pool.query uses). */
class RowShape {
  readonly fields: { name: string; dataTypeID: number }[];
  private readonly parsers: ((v: string) => unknown)[];

  constructor(fields: FieldMessage[]) {
    this.fields = fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    this.parsers = fields.map((f) => pg.types.getTypeParser(f.dataTypeID, 'text') as (v: string) => unknown);
  }

  parse(values: (string | null)[]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      row[this.fields[i]!.name] = v === null || v === undefined ? null : this.parsers[i]!(v);
    }
    return row;
  }
}

const NO_COLUMNS = new RowShape([]);

interface PreparedStatement {
  name: string;
  /** Known once Postgres has described it; until then each run asks for the description. */
  shape?: RowShape;
}

/** Statements prepared on one connection, by SQL text (so by query shape), least recently used first. */
class PreparedStatements {
  private readonly bySql = new Map<string, PreparedStatement>();
  /** Names whose Parse may or may not have run (an error came first): closed and parsed again. */
  readonly uncertain = new Set<string>();
  private counter = 0;
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  lookup(sql: string): PreparedStatement & { parse: boolean; close: boolean } {
    let st = this.bySql.get(sql);
    if (st === undefined) {
      st = { name: `gather_${(++this.counter).toString(36)}` };
      this.bySql.set(sql, st);
      return { ...st, parse: true, close: false };
    }
    this.bySql.delete(sql); // re-insert: most recently used last
    this.bySql.set(sql, st);
    const uncertain = this.uncertain.has(st.name);
    return { ...st, parse: uncertain, close: uncertain };
  }

  described(sql: string, shape: RowShape): void {
    const st = this.bySql.get(sql);
    if (st) st.shape = shape;
  }

  /** Names to close so the cache stays within its size (sent in the same exchange). */
  evict(): string[] {
    const out: string[] = [];
    for (const [sql, st] of this.bySql) {
      if (this.bySql.size <= this.max) break;
      this.bySql.delete(sql);
      this.uncertain.delete(st.name);
      out.push(st.name);
    }
    return out;
  }

  forget(sql: string): void {
    this.bySql.delete(sql);
  }
}

const caches = new WeakMap<object, PreparedStatements>();
/** Distinct query shapes kept prepared per connection (an app has tens; each costs the backend a few KiB). */
const MAX_PREPARED = 500;

interface Step {
  sql: string;
  name: string;
  parse: boolean;
  close: boolean;
  shape?: RowShape;
  values: (string | Buffer | null)[];
  /** Rows not wanted (the settings statement): counted, never parsed. */
  discardRows: boolean;
}

const COMMAND = /^[A-Za-z]+(?: (\d+))?(?: (\d+))?/;

/**
 * Several statements in one exchange with Postgres: Parse (first use on this connection only),
 * Bind, Describe (until the columns are known) and Execute for each, then a single Sync.
 * Postgres runs them in order as one implicit transaction (committed at Sync, rolled back on the
 * first error) and answers them all at once: one round trip whatever the number of statements.
 * It is a pg "submittable", so the client queues it like any query.
 */
class PipelinedQuery {
  callback?: (err: Error | null, results?: QueryResult[]) => void;
  readonly results: QueryResult[] = [];
  private rows: Record<string, unknown>[] = [];
  private shape: RowShape | undefined;
  private readonly steps: Step[];
  private readonly closes: string[];
  private readonly onDescribed: (sql: string, shape: RowShape) => void;

  constructor(steps: Step[], closes: string[], onDescribed: (sql: string, shape: RowShape) => void) {
    this.steps = steps;
    this.closes = closes;
    this.onDescribed = onDescribed;
  }

  submit(connection: PgConnection): Error | null {
    connection.stream.cork?.();
    try {
      for (const name of this.closes) connection.close({ type: 'S', name });
      for (const s of this.steps) {
        if (s.close) connection.close({ type: 'S', name: s.name });
        if (s.parse) connection.parse({ text: s.sql, name: s.name, types: [] });
        connection.bind({ statement: s.name, portal: '', values: s.values });
        if (!s.shape) connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private current(): RowShape {
    return (this.shape ??= this.steps[this.results.length]?.shape ?? NO_COLUMNS);
  }

  handleRowDescription(msg: { fields: FieldMessage[] }): void {
    this.shape = new RowShape(msg.fields);
    const step = this.steps[this.results.length];
    if (step && step.name !== '') this.onDescribed(step.sql, this.shape);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.steps[this.results.length]?.discardRows) return;
    this.rows.push(this.current().parse(msg.fields));
  }

  handleCommandComplete(msg: { text: string }): void {
    const m = COMMAND.exec(msg.text);
    const affected = m?.[2] ?? m?.[1];
    this.results.push({ rows: this.rows, affectedRows: affected ? Number(affected) : 0, fields: this.current().fields });
    this.rows = [];
    this.shape = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push({ rows: [], affectedRows: 0, fields: [] });
    this.shape = undefined;
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('COPY FROM STDIN is not supported here');
  }

  handleCopyData(): void {}

  handleError(err: Error): void {
    this.callback?.(err);
    this.callback = undefined;
  }

  handleReadyForQuery(): void {
    this.callback?.(null, this.results);
    this.callback = undefined;
  }
}

/**
 * Runs `statements` on `client` in one round trip, each prepared once per connection by its SQL
 * text (`prepare: false` sends it unnamed). Rejects with the Postgres error of the first
 * statement that failed; the statements before it are rolled back too, unless they opened a
 * transaction block of their own.
 */
export function runPipeline(client: pg.PoolClient, statements: (Statement & { prepare?: boolean; discardRows?: boolean })[]): Promise<QueryResult[]> {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new PreparedStatements(MAX_PREPARED)));
  const prepared = cache;
  let steps: Step[];
  try {
    steps = statements.map((st) => {
      const values = (st.params ?? []).map(toWire);
      const discardRows = st.discardRows === true;
      if (st.prepare === false) return { sql: st.sql, name: '', parse: true, close: false, values, discardRows };
      return { sql: st.sql, ...prepared.lookup(st.sql), values, discardRows };
    });
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const query = new PipelinedQuery(steps, prepared.evict(), (sql, shape) => prepared.described(sql, shape));
  return new Promise<QueryResult[]>((resolve, reject) => {
    query.callback = (err, results) => {
      if (!err) {
        for (const s of steps) if (s.parse) prepared.uncertain.delete(s.name);
        return resolve(results!);
      }
      // Statements before the failing one were parsed; the failing one may or may not have
      // been (closed and parsed again next time); later ones never ran.
      const failed = query.results.length;
      steps.forEach((s, i) => {
        if (!s.parse || s.name === '' || i < failed) return;
        if (i === failed) prepared.uncertain.add(s.name);
        else prepared.forget(s.sql);
      });
      reject(err);
    };
    (client as unknown as { query(q: PipelinedQuery): void }).query(query);
  });
}
