/**
 * Clients of the database port inside the PGlite worker (decision 0226). PGlite is one Postgres
 * backend, so every wire client and the server's own API share it. A client's messages run
 * between the API's transactions, never inside one: from its first message after being idle
 * until Postgres is idle again (ReadyForQuery 'I'), a client holds PGlite's transaction mutex —
 * the one the API's transactions and queries take — so a tool's transaction is isolated from
 * the API's work and the API's from the tool's. Session settings (SET, SET ROLE, SET SESSION
 * AUTHORIZATION) are swapped in and out with the turn, so a tool's `set role anon` never
 * reaches an API query and each tool keeps its own.
 */
import type { PGlite } from '@electric-sql/pglite';
import { deallocateSql, prefixStatementName, statementPrefix } from './wire-statement-names.ts';
import { isStartupMessage, StartupOptionError, startupParameters, startupSettings } from './wire-startup-options.ts';

interface Session {
  /** Set while this client holds the backend. */
  release?: () => void;
  /** This client's session settings, as SQL to re-apply at its next turn. */
  state: string;
  /** The server's own settings while this client holds the backend. */
  apiState?: string;
  /** The client may have dropped the server's LISTENs this turn. */
  relisten?: boolean;
  /** The client named a prepared statement: deallocate its statements when it leaves. */
  prepared?: boolean;
  /** Custom (dotted) settings its startup packet set: pg_settings does not list them. */
  custom?: string[];
}

/** What a tool connecting to the port starts with: Supabase's search_path. */
const INITIAL_STATE = `set search_path to "$user", public, extensions`;
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

type Locking = PGlite & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

export class WireSessions {
  private readonly sessions = new Map<number, Session>();
  private bootUser = 'postgres';
  private readonly pg: Locking;
  private readonly serverChannels: () => Iterable<string>;
  private readonly statementsDropped: () => void;

  /**
   * `serverListens(channel)`: a NOTIFY raised by a tool's statement (a migration run with psql
   * reloading the schema cache, a trigger feeding realtime) reaches the server through PGlite's
   * listeners and also comes back in the tool's protocol output; the server's channels are
   * removed from the latter (the tool did not LISTEN on them). `statementsDropped`: a tool's
   * DEALLOCATE or DISCARD may have dropped the server's own prepared statements (pglite-prepared.ts).
   */
  constructor(pg: PGlite, serverChannels: () => Iterable<string>, statementsDropped: () => void = () => {}) {
    this.pg = pg as Locking;
    this.serverChannels = serverChannels;
    this.statementsDropped = statementsDropped;
  }

  private serverListens(channel: string): boolean {
    for (const c of this.serverChannels()) if (c === channel) return true;
    return false;
  }

  async init(): Promise<void> {
    this.bootUser = (await this.pg.query<{ u: string }>('select session_user::text as u')).rows[0]!.u;
  }

  /**
   * Runs a client's messages in order; answers Postgres's bytes and whether the client still
   * holds the backend (inside a transaction, or in the middle of an extended-query exchange).
   */
  async run(client: number, messages: Uint8Array[]): Promise<{ out: Uint8Array; holding: boolean }> {
    let s = this.sessions.get(client);
    if (!s) this.sessions.set(client, (s = { state: INITIAL_STATE }));
    if (!s.release) await this.takeTurn(s);
    const chunks: Uint8Array[] = [];
    let status: string | undefined;
    // `unlisten *` / `discard all` (some pools send it when a connection is returned) would also
    // drop the server's own LISTENs on the shared backend: they are taken again after the turn.
    // `deallocate` / `discard` may drop its prepared statements: they are prepared again.
    const texts = messages.map(statementText).join('\n');
    if (/\b(unlisten|discard)\b/i.test(texts)) s.relisten = true;
    if (/\b(deallocate|discard)\b/i.test(texts)) this.statementsDropped();
    for (const m of messages) {
      const named = prefixStatementName(m, statementPrefix(client));
      if (named !== m) s.prepared = true;
      const out = this.routeNotifications(await this.raw(named));
      chunks.push(out);
      // No ReadyForQuery: mid extended-query or COPY exchange, so the turn goes on.
      status = lastReadyStatus(out);
      if (isStartupMessage(m)) {
        const refused = await this.applyStartupSettings(s, m);
        if (refused) chunks.splice(0, chunks.length, refused);
      }
    }
    if (status === 'I') await this.endTurn(s);
    return { out: concat(chunks), holding: s.release !== undefined };
  }

  /**
   * The startup packet's settings and `options` (PGOPTIONS), which PGlite's startup ignores, as
   * session settings; answers the FATAL error Postgres would end the connection with instead.
   */
  private async applyStartupSettings(s: Session, startup: Uint8Array): Promise<Uint8Array | undefined> {
    let settings: [string, string][];
    try {
      settings = startupSettings(startupParameters(startup));
    } catch (err) {
      if (!(err instanceof StartupOptionError)) throw err;
      return fatalError('42601', err.message);
    }
    if (!settings.length) return undefined;
    s.custom = settings.map(([k]) => k).filter((k) => k.includes('.'));
    const out = await this.raw(simpleQuery(settings.map(([k, v]) => `select set_config(${literal(k)}, ${literal(v)}, false)`).join('; ')));
    for (const [type, body] of messagesOf(out)) if (type === 0x45) return asFatal(body);
    return undefined;
  }

  /** The client is gone (or is made to go): its open transaction is rolled back, the backend freed. */
  async close(client: number): Promise<void> {
    const s = this.sessions.get(client);
    this.sessions.delete(client);
    if (!s) return;
    // Temporary tables live as long as the one backend, not the tool's connection: they go when
    // the last tool leaves, as they would with its connection (pgTAP keeps each file's plan in
    // them, so the next file could not plan).
    const last = this.sessions.size === 0;
    if ((s.prepared || last) && !s.release) await this.takeTurn(s);
    if (!s.release) return;
    try {
      await this.raw(SYNC);
      await this.raw(simpleQuery('rollback'));
      // Its named statements would otherwise outlive it in the shared backend (a reconnecting
      // client preparing "s0" again would fail).
      if (s.prepared) await this.raw(simpleQuery(firstText(await this.raw(simpleQuery(deallocateSql(statementPrefix(client))))) ?? ''));
      if (last) await this.raw(simpleQuery('discard temp'));
    } finally {
      await this.endTurn(s);
    }
  }

  private async takeTurn(s: Session): Promise<void> {
    const got = Promise.withResolvers<() => void>();
    void this.pg._runExclusiveTransaction(() => new Promise<void>((release) => got.resolve(release)));
    s.release = await got.promise;
    s.apiState = await this.capture();
    await this.apply(s.state);
  }

  private async endTurn(s: Session): Promise<void> {
    try {
      if (s.relisten) {
        s.relisten = false;
        for (const c of this.serverChannels()) await this.raw(simpleQuery(`listen "${c.replace(/"/g, '""')}"`));
      }
      s.state = await this.capture(s.custom);
      await this.apply(s.apiState ?? '');
    } finally {
      const release = s.release;
      s.release = undefined;
      release?.();
    }
  }

  /** Keeps the server's notifications out of the tool's stream. */
  private routeNotifications(out: Uint8Array): Uint8Array {
    let kept: Buffer[] | undefined;
    let i = 0;
    for (const [type, body, at, end] of messagesOf(out)) {
      if (type !== 0x41) continue;
      const c0 = 4;
      const c1 = body.indexOf(0, c0);
      const channel = body.subarray(c0, c1).toString('utf8');
      if (!this.serverListens(channel)) continue;
      kept ??= [];
      kept.push(Buffer.from(out.subarray(i, at)));
      i = end;
    }
    if (!kept) return out;
    kept.push(Buffer.from(out.subarray(i)));
    return Buffer.concat(kept);
  }

  /** The session's own settings and role as SQL that sets them again. */
  private async capture(custom: string[] = []): Promise<string> {
    const placeholders = custom.length
      ? `, (select string_agg(format('select set_config(%L, %L, false)', n, current_setting(n, true)), '; ')
          from unnest(array[${custom.map(literal).join(', ')}]) n where current_setting(n, true) is not null)`
      : '';
    const out = await this.raw(
      simpleQuery(`select concat_ws('; ',
        case when session_user::text <> ${literal(this.bootUser)} then format('set session authorization %I', session_user) end,
        case when current_setting('role') <> 'none' then format('set role %I', current_setting('role')) end,
        (select string_agg(format('select set_config(%L, %L, false)', name, setting), '; ') from pg_settings
          where source = 'session' and name not in ('role', 'session_authorization', 'transaction_isolation',
            'transaction_read_only', 'transaction_deferrable', 'is_superuser'))${placeholders})`),
    );
    return firstText(out) ?? '';
  }

  private async apply(state: string): Promise<void> {
    await this.raw(simpleQuery(`reset session authorization; reset role; reset all; ${state}`));
  }

  /** Copied: PGlite answers with a view of its output buffer, which the next call overwrites. */
  private raw(message: Uint8Array): Promise<Uint8Array> {
    return this.pg._runExclusiveQuery(async () => Uint8Array.from(await this.pg.execProtocolRaw(message)));
  }
}

/** A Query or Parse message's bytes as text (where a statement that ends listening or drops prepared statements shows); '' for others. */
function statementText(m: Uint8Array): string {
  return m[0] === 0x51 || m[0] === 0x50 ? Buffer.from(m.buffer, m.byteOffset, m.byteLength).toString('latin1') : '';
}

/** An ErrorResponse with severity FATAL, as Postgres refuses a connection. */
function fatalError(code: string, message: string): Uint8Array {
  return errorMessage([['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', message]]);
}

/** The same error, made FATAL. */
function asFatal(body: Buffer): Uint8Array {
  const fields = body.toString('utf8').split('\0').filter(Boolean).map((f): [string, string] => [f[0]!, f.slice(1)]);
  return errorMessage(fields.map(([k, v]) => [k, k === 'S' || k === 'V' ? 'FATAL' : v]));
}

function errorMessage(fields: [string, string][]): Uint8Array {
  const body = Buffer.from(`${fields.map(([k, v]) => `${k}${v}\0`).join('')}\0`, 'utf8');
  const head = Buffer.alloc(5);
  head[0] = 0x45;
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function simpleQuery(sql: string): Uint8Array {
  const body = Buffer.from(`${sql}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = 0x51;
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

/** Each backend message: its type byte, body, and where it starts and ends in `buf`. */
function* messagesOf(buf: Uint8Array): Generator<[number, Buffer, number, number]> {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let i = 0; i + 5 <= b.length; ) {
    const len = b.readInt32BE(i + 1);
    yield [b[i]!, b.subarray(i + 5, i + 1 + len), i, i + 1 + len];
    i += 1 + len;
  }
}

/** The status of the last ReadyForQuery in Postgres's answer ('I' idle, 'T' in a transaction, 'E' failed one). */
export function lastReadyStatus(buf: Uint8Array): string | undefined {
  let status: string | undefined;
  for (const [type, body] of messagesOf(buf)) if (type === 0x5a) status = String.fromCharCode(body[0]!);
  return status;
}

/** The first column of the first row (text format), if any. */
function firstText(buf: Uint8Array): string | undefined {
  for (const [type, body] of messagesOf(buf)) {
    if (type === 0x45) throw new Error(`wire session bookkeeping failed: ${body.toString('utf8').replace(/\0/g, ' ')}`);
    if (type === 0x44) {
      const len = body.readInt32BE(2);
      return len < 0 ? undefined : body.subarray(6, 6 + len).toString('utf8');
    }
  }
  return undefined;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
