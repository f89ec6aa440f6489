/**
 * Named prepared statements in PGlite's one backend (decision 0465), as the PostgreSQL driver
 * keeps them per connection (pg-pipeline.ts, decision 0180): a REST request's statements are
 * parsed, rewritten — row-level security is applied there — and planned once per text, and
 * Postgres's plan cache reuses the plan while the role is the same. PGlite's own `query` sends an
 * unnamed statement, so each request paid all of it again: with the events' policies, more than
 * the read itself.
 *
 * Runs in the worker thread, inside a transaction the worker opened (PGlite's query lock is taken
 * as its own `query` takes it). Names are `gather_…`; database-port clients' names carry a prefix
 * of their own (wire-statement-names.ts), so they never meet.
 */
import type { parse as Parse, PGlite, protocol as Protocol, Results } from '@electric-sql/pglite';

/** The protocol helpers of the PGlite package the instance runs on (extensions.ts loadPglite). */
export interface PgliteProtocol {
  serialize: typeof Protocol.serialize;
  parse: typeof Parse;
}

type BackendMessage = Parameters<typeof Parse.parseResults>[0][number];

/** Distinct statement texts kept prepared: an app has tens of shapes; each plan costs the backend's memory, which never shrinks. */
export const MAX_PGLITE_PREPARED = 200;

interface Prepared {
  name: string;
  /** Parameter types from Describe, for PGlite's serializers. */
  paramTypes: number[];
}

export class PgliteStatements {
  private readonly bySql = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private counter = 0;
  private readonly pg: PGlite;
  private readonly protocol: PgliteProtocol;
  private readonly max: number;

  constructor(pg: PGlite, protocol: PgliteProtocol, max = MAX_PGLITE_PREPARED) {
    this.pg = pg;
    this.protocol = protocol;
    this.max = max;
  }

  /** `sql` with `params` in the open transaction, through its prepared statement. */
  query(sql: string, params: unknown[] = []): Promise<Results> {
    const pg = this.pg;
    const { serialize } = this.protocol;
    const send = (m: Uint8Array) => pg.execProtocolStream(m, { syncToFs: false });
    return pg.runExclusive(async () => {
      const out: BackendMessage[] = [];
      try {
        for (const name of this.toClose.splice(0)) await send(serialize.close({ type: 'S', name }));
        const st = await this.statement(sql, send);
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const toText = pg.serializers[st.paramTypes[i]!];
          return toText ? toText(v) : String(v);
        });
        out.push(...(await send(serialize.bind({ statement: st.name, values }))));
        out.push(...(await send(serialize.describe({ type: 'P' }))));
        out.push(...(await send(serialize.execute({}))));
      } finally {
        out.push(...(await send(serialize.sync())));
      }
      return this.protocol.parse.parseResults(out, pg.parsers)[0]!;
    });
  }

  /** Forgets every statement: after a database-port client's DEALLOCATE ALL or DISCARD, which reach this backend too. */
  forgetAll(): void {
    this.bySql.clear();
    this.toClose.length = 0;
  }

  private async statement(sql: string, send: (m: Uint8Array) => Promise<BackendMessage[]>): Promise<Prepared> {
    const known = this.bySql.get(sql);
    if (known) {
      this.bySql.delete(sql); // re-inserted: most recently used last
      this.bySql.set(sql, known);
      return known;
    }
    const { serialize } = this.protocol;
    const name = `gather_${(++this.counter).toString(36)}`;
    await send(serialize.parse({ name, text: sql }));
    const st = { name, paramTypes: this.protocol.parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name }))) };
    this.bySql.set(sql, st);
    for (const [old, { name: evicted }] of this.bySql) {
      if (this.bySql.size <= this.max) break;
      this.bySql.delete(old);
      this.toClose.push(evicted);
    }
    return st;
  }
}
