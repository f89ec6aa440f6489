// Runs a parsed Go template over JSON-like data as Go's text/template does with GoTrue's
// map[string]any: Go's truth, printing (fmt.Sprint: `map[a:1]`, `[x y]`, `1e+06`), missing keys
// as "no value" (empty once escaped, as html/template prints them), and Go's built-in functions.
import { TemplateError, type Arg, type Node, type ParsedTemplate, type Pipe } from './go-template-parse.ts';
import { escapeHtmlGo } from './html-context.ts';

/** Where printed values go: escaped for their context, or as they are (subjects). */
export interface Output {
  text(s: string): string;
  value(s: string): string;
}

const NO_VALUE = undefined;
class Break {}
class Continue {}

/** Go's %v of a float64 (JSON numbers are float64 in GoTrue): shortest digits, %e from 1e+06 or below 1e-04. */
function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return '0';
  const [mant, ex] = n.toExponential().split('e');
  const exp = Number(ex);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(n);
}

/** fmt.Sprint of one value. */
export function goString(v: unknown): string {
  if (v === undefined) return '<no value>';
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goString).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o).sort().map((k) => `${k}:${goString(o[k])}`).join(' ')}]`;
  }
  return String(v);
}

/** Go's truth: false, 0, nil and empty strings, arrays and maps are false. */
export function truth(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

const kindOf = (v: unknown) => (typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : v == null ? 'nil' : 'other');

function compare(name: string, a: unknown, b: unknown): number {
  const [ka, kb] = [kindOf(a), kindOf(b)];
  if (ka !== kb || ka === 'other' || ka === 'nil' || (ka === 'bool' && name !== 'eq' && name !== 'ne')) {
    throw new TemplateError(ka === kb ? `error calling ${name}: invalid type for comparison` : `error calling ${name}: incompatible types for comparison`);
  }
  return a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1;
}

function eq(args: unknown[]): boolean {
  if (args.length < 2) throw new TemplateError('error calling eq: missing argument for comparison');
  const [a, ...rest] = args;
  return rest.some((b) => {
    // Go: comparing with nil (or a missing key) is false, not an error.
    if (a == null || b == null) return a == null && b == null;
    if (kindOf(a) === 'other' || kindOf(b) === 'other') throw new TemplateError('error calling eq: non-comparable type');
    return compare('eq', a, b) === 0;
  });
}

function printf(format: string, args: unknown[]): string {
  let i = 0;
  return format.replace(/%([-+# 0]*)(\d+)?(?:\.(\d+))?([%vsdqxXtfegc])/g, (_m, flags: string, width: string | undefined, prec: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    if (i >= args.length) return `%!${verb}(MISSING)`;
    const a = args[i++];
    let s: string;
    if (verb === 'd') s = typeof a === 'number' ? String(Math.trunc(a)) : `%!d(${goString(a)})`;
    else if (verb === 'f') s = typeof a === 'number' ? a.toFixed(prec === undefined ? 6 : Number(prec)) : `%!f(${goString(a)})`;
    else if (verb === 'q') s = JSON.stringify(goString(a));
    else if (verb === 'x' || verb === 'X') s = typeof a === 'number' ? Math.trunc(a).toString(16) : Buffer.from(goString(a)).toString('hex');
    else if (verb === 'c') s = typeof a === 'number' ? String.fromCodePoint(a) : `%!c(${goString(a)})`;
    else s = goString(a);
    if (verb === 'X') s = s.toUpperCase();
    if (width && s.length < Number(width)) s = flags.includes('-') ? s.padEnd(Number(width)) : s.padStart(Number(width), flags.includes('0') && verb !== 's' ? '0' : ' ');
    return s;
  }) + (i < args.length ? `%!(EXTRA ${args.slice(i).map(goString).join(', ')})` : '');
}

function sprint(args: unknown[]): string {
  // fmt.Sprint: a space between operands when neither is a string.
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += goString(a);
  });
  return out;
}

function index(v: unknown, keys: unknown[]): unknown {
  for (const k of keys) {
    if (v == null) throw new TemplateError('error calling index: index of untyped nil');
    if (Array.isArray(v) || typeof v === 'string') {
      if (typeof k !== 'number' || !Number.isInteger(k)) throw new TemplateError('error calling index: cannot index slice/array with non-integer');
      const len = typeof v === 'string' ? Buffer.byteLength(v) : v.length;
      if (k < 0 || k >= len) throw new TemplateError(`error calling index: index out of range: ${k}`);
      v = typeof v === 'string' ? Buffer.from(v)[k] : v[k];
    } else if (typeof v === 'object') v = (v as Record<string, unknown>)[String(k)];
    else throw new TemplateError(`error calling index: can't index item of type ${kindOf(v)}`);
  }
  return v;
}

const FUNCS: Record<string, (args: unknown[]) => unknown> = {
  not: ([a]) => !truth(a),
  len: ([a]) => {
    if (typeof a === 'string') return Buffer.byteLength(a);
    if (Array.isArray(a)) return a.length;
    if (a && typeof a === 'object') return Object.keys(a).length;
    throw new TemplateError(`error calling len: len of type ${kindOf(a)}`);
  },
  index: ([v, ...keys]) => index(v, keys),
  slice: ([v, ...ix]) => {
    if (typeof v !== 'string' && !Array.isArray(v)) throw new TemplateError('error calling slice: can\'t slice item');
    const [from = 0, to = v.length] = ix as number[];
    if (from < 0 || to > v.length || from > to) throw new TemplateError('error calling slice: index out of range');
    return v.slice(from, to);
  },
  print: (args) => sprint(args),
  println: (args) => `${args.map(goString).join(' ')}\n`,
  printf: ([f, ...args]) => printf(goString(f), args),
  html: (args) => escapeHtmlGo(sprint(args)),
  urlquery: (args) => encodeURIComponent(sprint(args)).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  js: (args) => JSON.stringify(sprint(args)).slice(1, -1).replace(/[<>&'=]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`),
  eq: (args) => eq(args),
  ne: ([a, b]) => !eq([a, b]),
  lt: ([a, b]) => compare('lt', a, b) < 0,
  le: ([a, b]) => compare('le', a, b) <= 0,
  gt: ([a, b]) => compare('gt', a, b) > 0,
  ge: ([a, b]) => compare('ge', a, b) >= 0,
};

function field(v: unknown, path: string[]): unknown {
  for (const key of path) {
    if (v === undefined || v === null) return NO_VALUE; // Go: a missing entry yields no value, not an error
    if (typeof v !== 'object' || Array.isArray(v)) throw new TemplateError(`can't evaluate field ${key} in type ${kindOf(v)}`);
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Runs `t` with `data` as dot, writing to `out`. */
export function execute(t: ParsedTemplate, data: unknown, out: Output): string {
  let result = '';
  const vars: { name: string; value: unknown }[] = [{ name: '$', value: data }];
  const lookup = (name: string) => {
    for (let i = vars.length - 1; i >= 0; i--) if (vars[i]!.name === name) return vars[i]!;
    throw new TemplateError(`undefined variable: ${name}`);
  };
  const arg = (a: Arg, dot: unknown): unknown => {
    switch (a.k) {
      case 'lit': return a.v;
      case 'nil': return null;
      case 'field': return field(dot, a.path);
      case 'var': return field(lookup(a.name).value, a.path);
      case 'pipe': return field(pipe(a.pipe, dot), a.path);
      case 'fn':
        if (!FUNCS[a.name] && a.name !== 'and' && a.name !== 'or') throw new TemplateError(`function "${a.name}" not defined`);
        return call(a.name, [], dot);
    }
  };
  const call = (name: string, args: Arg[], dot: unknown, last?: { v: unknown }): unknown => {
    if (name === 'and' || name === 'or') {
      // Short-circuit: the first falsy (and) / truthy (or) operand, else the last.
      const all: (() => unknown)[] = args.map((x) => () => arg(x, dot));
      if (last) all.push(() => last.v);
      if (all.length === 0) throw new TemplateError(`wrong number of args for ${name}: want at least 1 got 0`);
      let v: unknown;
      for (const f of all) if (truth((v = f())) === (name === 'or')) return v;
      return v;
    }
    const fn = FUNCS[name];
    if (!fn) throw new TemplateError(`function "${name}" not defined`);
    const values = args.map((x) => arg(x, dot));
    if (last) values.push(last.v);
    return fn(values);
  };
  const command = (cmd: Arg[], dot: unknown, last?: { v: unknown }): unknown => {
    const [head, ...rest] = cmd;
    if (head!.k === 'fn') return call(head!.name, rest, dot, last);
    if (rest.length > 0 || last) throw new TemplateError(`can't give argument to non-function ${head!.k === 'lit' ? JSON.stringify(head!.v) : 'value'}`);
    return arg(head!, dot);
  };
  const pipe = (p: Pipe, dot: unknown): unknown => {
    let v: { v: unknown } | undefined;
    for (const cmd of p.cmds) v = { v: command(cmd, dot, v) };
    const value = v!.v;
    for (const name of p.decl) {
      if (p.assign) lookup(name).value = value;
      else vars.push({ name, value });
    }
    return value;
  };
  const walk = (nodes: Node[], dot: unknown, depth: number): void => {
    if (depth > 100) throw new TemplateError('exceeded maximum template depth (100)');
    const base = vars.length;
    for (const n of nodes) {
      const mark = vars.length;
      switch (n.t) {
        case 'text': result += out.text(n.text); break;
        case 'action': {
          const v = pipe(n.pipe, dot);
          if (n.pipe.decl.length === 0) result += v === undefined || v === null ? '' : out.value(goString(v));
          continue; // a declaration lives on until the end of the enclosing block
        }
        case 'if': case 'with': {
          const v = pipe(n.pipe, dot);
          if (truth(v)) walk(n.list, n.t === 'with' ? v : dot, depth + 1);
          else if (n.else) walk(n.else, dot, depth + 1);
          break;
        }
        case 'range': {
          const v = pipe({ ...n.pipe, decl: [] }, dot);
          const entries: [unknown, unknown][] = Array.isArray(v) ? v.map((e, i) => [i, e])
            : typeof v === 'number' && Number.isInteger(v) ? Array.from({ length: Math.max(v, 0) }, (_x, i) => [i, i])
            : v && typeof v === 'object' ? Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])
            : v == null ? [] : (() => { throw new TemplateError(`range can't iterate over ${goString(v)}`); })();
          for (const [k, e] of entries) {
            const inner = vars.length;
            const [a, b] = n.pipe.decl;
            if (a && b) vars.push({ name: a, value: k }, { name: b, value: e });
            else if (a) vars.push({ name: a, value: e });
            try {
              walk(n.list, e, depth + 1);
            } catch (signal) {
              if (signal instanceof Break) { vars.length = inner; break; }
              if (!(signal instanceof Continue)) throw signal;
            }
            vars.length = inner;
          }
          if (entries.length === 0 && n.else) walk(n.else, dot, depth + 1);
          break;
        }
        case 'template': {
          const body = t.defs.get(n.name);
          if (!body) throw new TemplateError(`no such template "${n.name}"`);
          const inner = n.pipe ? pipe(n.pipe, dot) : null;
          const saved = vars.splice(0);
          vars.push({ name: '$', value: inner });
          try { walk(body, inner, depth + 1); } finally { vars.splice(0, vars.length, ...saved); }
          break;
        }
        case 'break': throw new Break();
        case 'continue': throw new Continue();
      }
      vars.length = mark;
    }
    vars.length = base;
  };
  walk(t.root, data, 0);
  return result;
}
