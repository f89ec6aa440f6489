/**
 * A test file as psql reads it (pg_prove runs each file with `psql --file`): SQL statements split
 * where psql splits them — at a semicolon outside quotes, dollar quotes, comments, parentheses and
 * a `CREATE FUNCTION … BEGIN ATOMIC … END` body — `:var`, `:'var'` and `:"var"` replaced by
 * variables set with `\set`, and backslash meta-commands at the start of a statement.
 */

export type ScriptItem =
  /** `line`: the line psql names in its messages (where the statement ends). */
  | { kind: 'sql'; sql: string; line: number }
  | { kind: 'meta'; command: string; args: string; line: number; midStatement: boolean };

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

function quoteLiteral(v: string): string {
  return `'${v.replace(/'/g, "''")}'`;
}
function quoteIdent(v: string): string {
  return `"${v.replace(/"/g, '""')}"`;
}

/**
 * The file's statements and meta-commands in order. `vars` is read as the script goes on, so a
 * `\set` the caller applies between items affects the statements after it, as in psql.
 */
export function* psqlItems(text: string, vars: ReadonlyMap<string, string>): Generator<ScriptItem> {
  let i = 0;
  let line = 1;
  let buf = '';
  let parens = 0;
  let blocks = 0;
  let words: string[] = [];
  const n = text.length;

  const reset = () => {
    buf = '';
    parens = 0;
    blocks = 0;
    words = [];
  };
  /** Copies text[i, end) into the statement, counting its newlines. */
  const take = (end: number) => {
    const part = text.slice(i, end);
    for (const ch of part) if (ch === '\n') line++;
    buf += part;
    i = end;
  };
  const skip = (end: number) => {
    for (let k = i; k < end; k++) if (text[k] === '\n') line++;
    i = end;
  };
  const closing = (quote: string, from: number, backslashes: boolean): number => {
    for (let k = from; k < n; k++) {
      if (backslashes && text[k] === '\\') k++;
      else if (text[k] === quote) {
        if (text[k + 1] === quote) k++;
        else return k + 1;
      }
    }
    return n;
  };

  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    const empty = buf.trim() === '';
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      // Comments before a statement are not sent, as psql drops them.
      if (empty) skip(end < 0 ? n : end);
      else take(end < 0 ? n : end);
    } else if (c === '/' && next === '*') {
      let depth = 0;
      let k = i;
      for (; k < n; k++) {
        if (text[k] === '/' && text[k + 1] === '*') (depth++, k++);
        else if (text[k] === '*' && text[k + 1] === '/') {
          k++;
          if (--depth === 0) break;
        }
      }
      take(Math.min(k + 1, n));
    } else if (c === "'") {
      const escaped = /[eE]/.test(text[i - 1] ?? '') && !IDENT_PART.test(text[i - 2] ?? '');
      take(closing("'", i + 1, escaped));
    } else if (c === '"') {
      take(closing('"', i + 1, false));
    } else if (c === '$' && !IDENT_PART.test(text[i - 1] ?? '') && DOLLAR_TAG.test(text.slice(i, i + 64))) {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 64))![0];
      const end = text.indexOf(tag, i + tag.length);
      take(end < 0 ? n : end + tag.length);
    } else if (c === ':' && next === ':') {
      take(i + 2);
    } else if (c === ':' && (next === "'" || next === '"') && /^:(['"])([A-Za-z0-9_]+)\1/.test(text.slice(i, i + 80))) {
      const [whole, q, name] = /^:(['"])([A-Za-z0-9_]+)\1/.exec(text.slice(i, i + 80))!;
      const value = vars.get(name!);
      if (value === undefined) take(i + whole.length);
      else {
        buf += q === "'" ? quoteLiteral(value) : quoteIdent(value);
        i += whole.length;
      }
    } else if (c === ':' && next !== undefined && /[A-Za-z0-9_]/.test(next)) {
      const name = /^[A-Za-z0-9_]+/.exec(text.slice(i + 1))![0];
      const value = vars.get(name);
      if (value === undefined) take(i + 1 + name.length);
      else {
        buf += value;
        i += 1 + name.length;
      }
    } else if (c === '\\') {
      const end = text.indexOf('\n', i);
      const cmdLine = text.slice(i + 1, end < 0 ? n : end);
      const [, command = '', args = ''] = /^(\S*)\s*(.*)$/.exec(cmdLine)!;
      i = end < 0 ? n : end;
      if (command === 'g' || command === ';') {
        if (!empty) yield { kind: 'sql', sql: buf.trim(), line };
        reset();
      } else {
        yield { kind: 'meta', command, args: args.trimEnd(), line, midStatement: !empty };
        if (!empty) reset();
      }
    } else if (c === '(') {
      parens++;
      take(i + 1);
    } else if (c === ')') {
      if (parens > 0) parens--;
      take(i + 1);
    } else if (c === ';' && parens === 0 && blocks === 0) {
      buf += ';';
      i++;
      yield { kind: 'sql', sql: buf.trim(), line };
      reset();
    } else if (IDENT_START.test(c) && !IDENT_PART.test(text[i - 1] ?? '')) {
      let k = i + 1;
      while (k < n && IDENT_PART.test(text[k]!)) k++;
      const word = text.slice(i, k).toLowerCase();
      words.push(word);
      // psql keeps a SQL-standard function body (BEGIN ATOMIC … END, with CASE … END inside)
      // in one statement: only in CREATE … FUNCTION/PROCEDURE.
      if (words[0] === 'create' && (words.includes('function') || words.includes('procedure'))) {
        if ((word === 'begin' || word === 'case') && words.length > 1) blocks++;
        else if (word === 'end' && blocks > 0) blocks--;
      }
      take(k);
    } else if (c === '\n' || /\s/.test(c)) {
      if (empty) skip(i + 1);
      else take(i + 1);
    } else {
      take(i + 1);
    }
  }
  // psql sends what is left at the end of the file, semicolon or not.
  if (buf.trim() !== '') yield { kind: 'sql', sql: buf.trim(), line };
}
