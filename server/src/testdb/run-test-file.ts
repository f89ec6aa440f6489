import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { psqlItems, type ScriptItem } from './psql-script.ts';

/**
 * Runs one test file as pg_prove has psql run it (`--no-align --quiet --pset tuples_only=true
 * --set ON_ERROR_STOP=1 --file F`) on a connection of its own: each statement's rows printed
 * unaligned (columns joined by `|`), notices and errors on stderr as `psql:FILE:LINE: …`, and
 * psql's exit status — 3 when a statement fails (the file stops there), 2 when the connection is
 * lost. Common meta-commands are understood (\set, \unset, \echo, \i, \ir, \q and the display
 * settings pgTAP's examples start with); others stop the file with a message naming them.
 */
export interface FileRun {
  /** psql's exit status. */
  exit: number;
}

export interface FileRunOptions {
  connectionString: string;
  /** The name psql shows in its messages (the path pg_prove was given). */
  name: string;
  path: string;
  /** Where `\i` resolves relative paths (pg_prove's working directory). */
  cwd: string;
  /** Each line the file prints on stdout, in order. */
  stdout(line: string): void;
  stderr(text: string): void;
}

/** Values as the server sends them (psql prints the text form), never parsed into JS types. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;
const DISPLAY_ONLY = new Set(['pset', 't', 'a', 'x', 'timing', 'encoding', 'H', 'f', 'C', 'o']);

class StopFile {
  readonly exit: number;
  constructor(exit: number) {
    this.exit = exit;
  }
}

export async function runTestFile(opts: FileRunOptions): Promise<FileRun> {
  const client = new pg.Client({ connectionString: opts.connectionString, types: TEXT_TYPES, application_name: 'pg_prove' } as pg.ClientConfig);
  const vars = new Map<string, string>([['ON_ERROR_STOP', '1']]);
  let where = { name: opts.name, line: 0 };
  client.on('notice', (n) => opts.stderr(`psql:${where.name}:${where.line}: ${describe(n as PgMessage, '')}`));
  try {
    await client.connect();
  } catch (err) {
    opts.stderr(`psql: error: ${(err as Error).message}\n`);
    return { exit: 2 };
  }
  // A lost connection also surfaces here; the query that was running reports it.
  client.on('error', () => {});

  const run = async (path: string, name: string): Promise<void> => {
    const items = psqlItems(readFileSync(path, 'utf8'), vars);
    for (const item of items) {
      where = { name, line: item.line };
      if (item.kind === 'meta') await meta(item, path);
      else await statement(item.sql);
    }
  };

  const statement = async (sql: string) => {
    try {
      const results = (await client.query({ text: sql, rowMode: 'array' } as pg.QueryArrayConfig)) as unknown as pg.QueryArrayResult | pg.QueryArrayResult[];
      for (const r of Array.isArray(results) ? results : [results]) {
        for (const row of r.rows ?? []) for (const l of row.map((v) => (v === null ? '' : String(v))).join('|').split('\n')) opts.stdout(l);
      }
    } catch (err) {
      const e = err as PgMessage;
      if (!e.severity) {
        opts.stderr(`psql:${where.name}:${where.line}: error: ${e.message}\n`);
        throw new StopFile(2);
      }
      opts.stderr(`psql:${where.name}:${where.line}: ${describe(e, sql)}`);
      if (e.severity === 'FATAL' || e.severity === 'PANIC') throw new StopFile(2);
      if (onOff(vars.get('ON_ERROR_STOP'))) throw new StopFile(3);
    }
  };

  const meta = async (item: Extract<ScriptItem, { kind: 'meta' }>, path: string) => {
    const args = words(item.args);
    const refuse = (why: string): never => {
      opts.stderr(`psql:${where.name}:${where.line}: error: ${why}\n`);
      throw new StopFile(3);
    };
    if (item.midStatement) refuse(`\\${item.command} inside a statement is not supported by gather-server test db; end the statement with ; first`);
    switch (item.command) {
      case 'set':
        if (args[0]) vars.set(args[0], args.slice(1).join(''));
        return;
      case 'unset':
        if (args[0]) vars.delete(args[0]);
        return;
      case 'echo':
      case 'qecho': {
        const noNewline = args[0] === '-n';
        for (const l of (noNewline ? args.slice(1) : args).join(' ').split('\n')) opts.stdout(l);
        return;
      }
      case 'q':
      case 'quit':
        throw new StopFile(0);
      case 'i':
      case 'include':
      case 'ir':
      case 'include_relative': {
        if (!args[0]) refuse(`\\${item.command}: missing required argument`);
        const relative = item.command === 'ir' || item.command === 'include_relative';
        const target = resolve(relative ? dirname(path) : opts.cwd, args[0]!);
        if (!existsSync(target)) refuse(`${args[0]}: No such file or directory`);
        const outer = where;
        await run(target, args[0]!);
        where = outer;
        return;
      }
      default:
        if (DISPLAY_ONLY.has(item.command)) return; // pg_prove's own display settings stay
        refuse(`\\${item.command} is not supported by gather-server test db (it runs SQL and \\set, \\unset, \\echo, \\i, \\ir, \\q)`);
    }
  };

  try {
    await run(opts.path, opts.name);
    return { exit: 0 };
  } catch (err) {
    if (err instanceof StopFile) return { exit: err.exit };
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

interface PgMessage {
  severity?: string;
  message: string;
  detail?: string;
  hint?: string;
  position?: string;
  internalQuery?: string;
  where?: string;
}

/** A message as libpq prints it at psql's default verbosity. */
function describe(m: PgMessage, sql: string): string {
  let out = `${m.severity ?? 'ERROR'}:  ${m.message}\n`;
  if (m.position && sql) out += cursor(sql, Number(m.position));
  if (m.detail) out += `DETAIL:  ${m.detail}\n`;
  if (m.hint) out += `HINT:  ${m.hint}\n`;
  if (m.internalQuery) out += `QUERY:  ${m.internalQuery}\n`;
  if (m.where) out += `CONTEXT:  ${m.where}\n`;
  return out;
}

/** `LINE n: …` and a caret under the error's position (1-based, in characters). */
function cursor(sql: string, position: number): string {
  const before = sql.slice(0, position - 1);
  const lineNo = before.split('\n').length;
  const start = before.lastIndexOf('\n') + 1;
  const endAt = sql.indexOf('\n', start);
  let text = sql.slice(start, endAt < 0 ? sql.length : endAt);
  let col = position - 1 - start;
  // libpq keeps about 60 columns around the cursor.
  if (text.length > 60) {
    const from = Math.max(0, Math.min(col - 50, text.length - 60));
    const to = Math.min(text.length, from + 60);
    text = `${from > 0 ? '...' : ''}${text.slice(from, to)}${to < text.length ? '...' : ''}`;
    col = col - from + (from > 0 ? 3 : 0);
  }
  const label = `LINE ${lineNo}: `;
  return `${label}${text}\n${' '.repeat(label.length + col)}^\n`;
}

/** psql's boolean variable values. */
function onOff(v: string | undefined): boolean {
  return v !== undefined && !/^(off|false|0|no)$/i.test(v.trim());
}

/** A meta-command's arguments: whitespace-separated, single quotes removed ('' is a quote). */
function words(args: string): string[] {
  const out: string[] = [];
  for (const m of args.matchAll(/'((?:[^']|'')*)'|(\S+)/g)) out.push(m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]!);
  return out;
}
