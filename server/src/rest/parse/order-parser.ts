import { runParser, type Scanner } from './scanner.ts';
import { field, fieldName } from './field-parser.ts';
import type { OrderTerm } from './types.ts';

function termEnd(s: Scanner): void {
  if (!(s.eof || s.peek() === ',')) {
    s.expect('","');
    s.fail('end of input');
  }
}

function modifiers(s: Scanner, t: OrderTerm): OrderTerm {
  if (s.startsWith('.asc')) {
    t.direction = 'asc';
    s.i += 4;
  } else if (s.startsWith('.desc')) {
    t.direction = 'desc';
    s.i += 5;
  }
  if (s.startsWith('.nullsfirst')) {
    t.nulls = 'first';
    s.i += 11;
  } else if (s.startsWith('.nullslast')) {
    t.nulls = 'last';
    s.i += 10;
  } else if (s.peek() === '.') {
    s.i++;
    s.fail(t.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
  }
  s.skipWs();
  termEnd(s);
  return t;
}

function term(s: Scanner): OrderTerm {
  const rel = s.attempt(() => {
    s.skipWs();
    const relation = fieldName(s);
    s.lit('(');
    const f = field(s);
    s.lit(')');
    return modifiers(s, { relation, field: f });
  });
  if (rel) return rel;
  return modifiers(s, { field: field(s) });
}

/** The `order` parameter: `a.desc.nullslast,b,rel(c).asc`. */
export function parseOrder(value: string): OrderTerm[] {
  return runParser('order', value, (s) => {
    const terms = [term(s)];
    while (s.peek() === ',') {
      s.i++;
      terms.push(term(s));
    }
    return terms;
  });
}
