/** A SQL statement with its bound parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** `"name"` with embedded quotes doubled; NUL characters (which Postgres rejects) removed. */
export function quoteIdent(name: string): string {
  if (!name.includes('"') && !name.includes('\0')) return `"${name}"`;
  return `"${name.replace(/\0/g, '').replace(/"/g, '""')}"`;
}

export function quoteQualified(q: { schema: string; name: string }): string {
  return `${quoteIdent(q.schema)}.${quoteIdent(q.name)}`;
}

/** A literal for catalog-derived text only (never for request values, which are parameters). */
export function quoteLiteral(s: string): string {
  return `'${s.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/** Collects parameters while SQL text is assembled; every request value goes through `param`. */
export class Params {
  readonly values: unknown[] = [];

  /** A placeholder for a value Postgres types from context (sent as text, type unknown). */
  param(value: string | null): string {
    this.values.push(value === null ? null : value.replace(/\0/g, ''));
    return `$${this.values.length}`;
  }
  /** A placeholder with an explicit type. */
  typed(value: unknown, type: string): string {
    this.values.push(typeof value === 'string' ? value.replace(/\0/g, '') : value);
    return `$${this.values.length}::${type}`;
  }
}

/** Casts come from the grammar (`[A-Za-z0-9_ $]`), so they can be written as-is. */
export function safeCast(cast: string): string {
  if (!/^[\p{L}0-9_ $]+$/u.test(cast) || cast.includes('$$')) throw new Error(`unsafe cast ${cast}`);
  return cast;
}
