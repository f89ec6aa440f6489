import { queryParamError, type ApiError } from '../errors/api-error.ts';

/**
 * Thrown inside a parser to backtrack; turned into PGRST100 by `runParser`. A shared plain object,
 * not an Error: parsers backtrack often and capturing stack traces made planning slow.
 */
export const PARSE_FAILURE: unique symbol = Symbol('parse failure');

/**
 * A cursor over one query-parameter value with Parsec-like error reporting: the failure that
 * got furthest wins, with what was expected there. Backtracking is explicit (`attempt`).
 */
export class Scanner {
  readonly s: string;
  i = 0;
  private errPos = -1;
  private expected = new Set<string>();

  constructor(s: string) {
    this.s = s;
  }

  get eof(): boolean {
    return this.i >= this.s.length;
  }
  peek(n = 0): string {
    return this.s[this.i + n] ?? '';
  }
  startsWith(lit: string): boolean {
    return this.s.startsWith(lit, this.i);
  }

  /** Records what was expected at the current position, then fails. */
  fail(expected: string): never {
    this.expect(expected);
    throw PARSE_FAILURE;
  }
  expect(expected: string): void {
    if (this.i > this.errPos) {
      this.errPos = this.i;
      this.expected = new Set([expected]);
    } else if (this.i === this.errPos) this.expected.add(expected);
  }

  lit(lit: string, label = `"${lit}"`): void {
    if (!this.startsWith(lit)) this.fail(label);
    this.i += lit.length;
  }
  /** Consumes `lit` if present. */
  opt(lit: string): boolean {
    if (this.startsWith(lit)) {
      this.i += lit.length;
      return true;
    }
    this.expect(`"${lit}"`);
    return false;
  }
  /** Runs `p`; on failure restores the position and returns undefined. */
  attempt<T>(p: () => T): T | undefined {
    const at = this.i;
    try {
      return p();
    } catch (err) {
      if (err !== PARSE_FAILURE) throw err;
      this.i = at;
      return undefined;
    }
  }
  skipWs(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }
  /** Characters while `ok` holds. */
  takeWhile(ok: (c: string) => boolean): string {
    const start = this.i;
    while (!this.eof && ok(this.s[this.i]!)) this.i++;
    return this.s.slice(start, this.i);
  }
  rest(): string {
    const r = this.s.slice(this.i);
    this.i = this.s.length;
    return r;
  }

  /** The PGRST100 details text for the furthest failure. */
  describe(): { column: number; details: string } {
    const pos = Math.max(this.errPos, 0);
    const c = this.s[pos];
    const unexpected = c === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(c)}`;
    const exp = [...this.expected];
    const expecting = exp.length === 0 ? '' : ` expecting ${exp.length === 1 ? exp[0] : `${exp.slice(0, -1).join(', ')} or ${exp[exp.length - 1]}`}`;
    return { column: pos + 1, details: `${unexpected}${expecting}` };
  }
}

/** Runs a parser over a whole value, as PGRST100 "failed to parse <what> (<value>)" on failure. */
export function runParser<T>(what: string, input: string, p: (s: Scanner) => T, parsed = input): T {
  const s = new Scanner(parsed);
  try {
    return p(s);
  } catch (err) {
    if (err !== PARSE_FAILURE) throw err;
    const { column, details } = s.describe();
    throw queryParamError(what, input, column, details) satisfies ApiError;
  }
}
