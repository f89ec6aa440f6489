import type { Scanner } from './scanner.ts';
import type { Field, JsonStep } from './types.ts';

const IDENT_CHAR = /^[\p{L}0-9_ $]$/u;

/** IDENT_CHAR for one UTF-16 unit, without a regular expression for ASCII (the parser's hottest test). */
function isIdentChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 32 || code === 36;
  return IDENT_CHAR.test(c);
}
const JSON_KEY_EXCLUDED = new Set(['(', '-', ':', '.', ',', '>', ')']);

/** `"…"` with `\"` and `\\` (any char after a backslash is taken literally). */
export function quotedValue(s: Scanner): string {
  s.lit('"');
  let out = '';
  for (;;) {
    const c = s.peek();
    if (c === '') s.fail('"\\""');
    s.i++;
    if (c === '"') return out;
    if (c === '\\') {
      const n = s.peek();
      if (n === '') s.fail('any character');
      out += n;
      s.i++;
    } else out += c;
  }
}

/** `[letters digits _ space $]+`, trimmed. */
export function identifier(s: Scanner): string {
  const t = s.takeWhile(isIdentChar);
  if (t === '') s.fail('letter or digit');
  return t.trim();
}

/** Parts joined by dashes, where a dash followed by `>` starts a JSON arrow instead. */
function sepByDash(s: Scanner, part: (s: Scanner) => string): string {
  const parts = [part(s)];
  while (s.peek() === '-' && s.peek(1) !== '>') {
    const at = s.i;
    s.i++;
    const next = s.attempt(() => part(s));
    if (next === undefined) {
      s.i = at;
      break;
    }
    parts.push(next);
  }
  return parts.join('-');
}

/** A column, relation, alias or hint name: quoted, or identifiers joined by dashes. */
export function fieldName(s: Scanner): string {
  if (s.peek() === '"') return quotedValue(s);
  const r = s.attempt(() => sepByDash(s, identifier));
  if (r === undefined) s.fail('field name (* or [a..z0..9_$])');
  return r;
}

function jsonKeyName(s: Scanner): string {
  if (s.peek() === '"') return quotedValue(s);
  return sepByDash(s, (sc) => {
    const t = sc.takeWhile((c) => !JSON_KEY_EXCLUDED.has(c));
    if (t === '') sc.fail('any non reserved character different from: .,>()');
    return t.trim();
  });
}

function jsonIndex(s: Scanner): string {
  const neg = s.peek() === '-' ? (s.i++, '-') : '';
  const digits = s.takeWhile((c) => c >= '0' && c <= '9');
  if (digits === '') s.fail('digit');
  // PostgREST only takes an index when it ends the operand.
  if (!(s.eof || s.startsWith('->') || s.startsWith('::') || s.peek() === '.' || s.peek() === ',')) s.fail('"->", "::", ".", ","');
  return neg + digits;
}

/** `(->|->>)(key|index)` repeated. */
export function jsonPath(s: Scanner): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (s.startsWith('->>')) arrow = '->>';
    else if (s.startsWith('->')) arrow = '->';
    else {
      s.expect('"->>"');
      s.expect('"->"');
      return steps;
    }
    s.i += arrow.length;
    const idx = s.attempt(() => jsonIndex(s));
    if (idx !== undefined) steps.push({ arrow, key: idx, index: true });
    else steps.push({ arrow, key: jsonKeyName(s), index: false });
  }
}

/** A field with an optional JSON path, surrounded by optional blanks. */
export function field(s: Scanner): Field {
  s.skipWs();
  const name = fieldName(s);
  const path = jsonPath(s);
  s.skipWs();
  return { name, path };
}

/** `a.b.c` — names separated by dots. */
export function dottedNames(s: Scanner): string[] {
  const names = [fieldName(s)];
  while (s.peek() === '.') {
    s.i++;
    names.push(fieldName(s));
  }
  return names;
}
