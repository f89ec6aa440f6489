// Go's text/template language, parsed: what GoTrue runs Supabase's auth email templates with
// (html/template, decision 0237). Actions, pipelines with `|`, variables, if / else if / with /
// range (with else, break, continue) / define / template / block, comments and `{{- -}}` trimming.

export class TemplateError extends Error {}

/** An operand: `.A.B`, `$x.A`, `(pipeline).A`, a literal, a function name, `.` or `nil`. */
export type Arg =
  | { k: 'field'; path: string[] }
  | { k: 'var'; name: string; path: string[] }
  | { k: 'pipe'; pipe: Pipe; path: string[] }
  | { k: 'lit'; v: string | number | boolean }
  | { k: 'nil' }
  | { k: 'fn'; name: string };
export interface Pipe {
  decl: string[];
  /** `=` instead of `:=`: assigns variables declared before. */
  assign: boolean;
  cmds: Arg[][];
}
export type Node =
  | { t: 'text'; text: string }
  | { t: 'action'; pipe: Pipe }
  | { t: 'if' | 'with' | 'range'; pipe: Pipe; list: Node[]; else?: Node[] }
  | { t: 'template'; name: string; pipe?: Pipe }
  | { t: 'break' | 'continue' };
export interface ParsedTemplate {
  root: Node[];
  defs: Map<string, Node[]>;
}

type Tok = { k: 'str' | 'num' | 'ident' | 'field' | 'var' | 'punct'; v: string };

const NUMBER = /^[+-]?(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(\d[\d_]*)?\.?\d[\d_]*([eE][+-]?\d+)?)/;

/** Splits one action's words, Go's way: strings, raw strings, chars, numbers, names, punctuation. */
function lex(src: string, where: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i++; continue; }
    const rest = src.slice(i);
    let m: RegExpMatchArray | null;
    if (c === '"') {
      m = rest.match(/^"(?:[^"\\\n]|\\.)*"/);
      if (!m) throw new TemplateError(`${where}: unterminated quoted string`);
      out.push({ k: 'str', v: JSON.parse(m[0].replace(/\\'/g, "'").replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')) as string });
    } else if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end < 0) throw new TemplateError(`${where}: unterminated raw quoted string`);
      m = [src.slice(i, end + 1)] as RegExpMatchArray;
      out.push({ k: 'str', v: m[0].slice(1, -1) });
    } else if (c === "'") {
      m = rest.match(/^'(?:[^'\\]|\\.)+'/);
      if (!m) throw new TemplateError(`${where}: bad character constant`);
      out.push({ k: 'num', v: String((JSON.parse(`"${m[0].slice(1, -1)}"`) as string).codePointAt(0)) });
    } else if ((m = rest.match(/^(\.[A-Za-z_][A-Za-z0-9_]*)+/))) {
      out.push({ k: 'field', v: m[0] });
    } else if ((m = rest.match(/^\$[A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/))) {
      out.push({ k: 'var', v: m[0] });
    } else if (/[0-9]/.test(c) || (/[+\-.]/.test(c) && /[0-9]/.test(src[i + 1] ?? '')) ) {
      m = rest.match(NUMBER);
      if (!m || !m[0]) throw new TemplateError(`${where}: bad number syntax`);
      out.push({ k: 'num', v: m[0] });
    } else if ((m = rest.match(/^[A-Za-z_][A-Za-z0-9_]*/))) {
      out.push({ k: 'ident', v: m[0] });
    } else if ((m = rest.match(/^(:=|[=|(),.])/))) {
      out.push({ k: 'punct', v: m[0] });
    } else {
      throw new TemplateError(`${where}: unexpected "${c}" in command`);
    }
    i += m[0].length;
  }
  return out;
}

function numberValue(text: string, where: string): number {
  const t = text.replace(/_/g, '');
  const v = /^[+-]?0[xXbBoO]/.test(t) ? (t.startsWith('-') ? -Number(t.slice(1)) : Number(t.replace(/^\+/, ''))) : Number(t);
  if (Number.isNaN(v)) throw new TemplateError(`${where}: bad number syntax: ${text}`);
  return v;
}

/** Recursive descent over one action's tokens. */
class PipeParser {
  i = 0;
  readonly toks: Tok[];
  readonly where: string;
  constructor(toks: Tok[], where: string) {
    this.toks = toks;
    this.where = where;
  }
  peek(): Tok | undefined { return this.toks[this.i]; }
  err(msg: string): never { throw new TemplateError(`${this.where}: ${msg}`); }

  pipeline(stopAtParen = false): Pipe {
    const decl: string[] = [];
    let assign = false;
    // `$x :=`, `$x =`, `$i, $e :=`
    const save = this.i;
    const vars: string[] = [];
    while (this.peek()?.k === 'var' && !this.peek()!.v.includes('.')) {
      vars.push(this.toks[this.i++]!.v);
      const p = this.peek();
      if (p?.k === 'punct' && p.v === ',') { this.i++; continue; }
      if (p?.k === 'punct' && (p.v === ':=' || p.v === '=')) { this.i++; decl.push(...vars); assign = p.v === '='; }
      break;
    }
    if (decl.length === 0) this.i = save;
    if (decl.length > 2) this.err('too many declarations');
    const cmds: Arg[][] = [];
    for (;;) {
      const cmd: Arg[] = [];
      for (let t = this.peek(); t && !(t.k === 'punct' && (t.v === '|' || t.v === ')')); t = this.peek()) cmd.push(this.operand());
      if (cmd.length === 0) this.err(cmds.length ? 'missing command after |' : 'missing value for command');
      cmds.push(cmd);
      const t = this.peek();
      if (t?.k === 'punct' && t.v === '|') { this.i++; continue; }
      if (t?.k === 'punct' && t.v === ')' && !stopAtParen) this.err('unexpected right paren');
      break;
    }
    return { decl, assign, cmds };
  }

  /** `.a.b` after `)` or a variable: the chain of keys that follows, as separate tokens. */
  chain(): string[] {
    const t = this.peek();
    if (t?.k === 'field') { this.i++; return t.v.slice(1).split('.'); }
    return [];
  }

  operand(): Arg {
    const t = this.toks[this.i++]!;
    switch (t.k) {
      case 'str': return { k: 'lit', v: t.v };
      case 'num': return { k: 'lit', v: numberValue(t.v, this.where) };
      case 'field': return { k: 'field', path: t.v.slice(1).split('.') };
      case 'var': {
        const [name, ...path] = t.v.split('.');
        return { k: 'var', name: name!, path };
      }
      case 'ident':
        if (t.v === 'true' || t.v === 'false') return { k: 'lit', v: t.v === 'true' };
        if (t.v === 'nil') return { k: 'nil' };
        return { k: 'fn', name: t.v };
      case 'punct':
        if (t.v === '.') return { k: 'field', path: [] };
        if (t.v === '(') {
          const pipe = this.pipeline(true);
          const close = this.toks[this.i++];
          if (close?.v !== ')') this.err('unclosed left paren');
          return { k: 'pipe', pipe, path: this.chain() };
        }
    }
    return this.err(`unexpected "${t.v}" in operand`);
  }
}

export function parsePipe(expr: string, where: string): Pipe {
  const p = new PipeParser(lex(expr, where), where);
  const pipe = p.pipeline();
  if (p.i < p.toks.length) p.err(`unexpected "${p.peek()!.v}" in command`);
  return pipe;
}

type Item = { text: string } | { expr: string; where: string };

/** Text and actions, with `{{- ` / ` -}}` trimming applied and comments dropped. */
function items(source: string, name: string): Item[] {
  const out: Item[] = [];
  let i = 0;
  let trimNext = false;
  while (i < source.length) {
    const open = source.indexOf('{{', i);
    let text = source.slice(i, open < 0 ? source.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open < 0) { if (text) out.push({ text }); break; }
    const trimLeft = /^\{\{- /.test(source.slice(open, open + 4)) || /^\{\{-[\t\r\n]/.test(source.slice(open, open + 4));
    if (trimLeft) text = text.replace(/\s+$/, '');
    if (text) out.push({ text });
    // The action ends at the first `}}` outside a quoted string.
    let j = open + (trimLeft ? 3 : 2);
    let end = -1;
    while (j < source.length) {
      const c = source[j]!;
      if (c === '"' || c === '`' || c === "'") {
        const quoted = c === '`' ? source.slice(j).match(/^`[^`]*`/) : source.slice(j).match(c === '"' ? /^"(?:[^"\\\n]|\\.)*"/ : /^'(?:[^'\\]|\\.)*'/);
        if (!quoted) break;
        j += quoted[0].length;
        continue;
      }
      if (source.startsWith('/*', j)) { const e = source.indexOf('*/', j + 2); if (e < 0) break; j = e + 2; continue; }
      if (source.startsWith('}}', j)) { end = j; break; }
      j++;
    }
    const line = source.slice(0, open).split('\n').length;
    if (end < 0) throw new TemplateError(`${name}:${line}: unclosed action`);
    let expr = source.slice(open + (trimLeft ? 3 : 2), end);
    trimNext = / -$|[\t\r\n]-$/.test(expr);
    if (trimNext) expr = expr.slice(0, -1);
    expr = expr.trim();
    i = end + 2;
    if (expr.startsWith('/*')) {
      if (!expr.endsWith('*/')) throw new TemplateError(`${name}:${line}: comment ends before closing delimiter`);
      continue;
    }
    out.push({ expr, where: `${name}:${line}: {{ ${expr} }}` });
  }
  return out;
}

const keyword = (expr: string) => expr.match(/^(if|else|end|range|with|define|template|block|break|continue)\b/)?.[1];

/** Parses a template source; `name` says which one in errors. */
export function parseGoTemplate(source: string, name: string): ParsedTemplate {
  const list = items(source, name);
  const defs = new Map<string, Node[]>();
  let pos = 0;
  let loops = 0;
  const nameArg = (rest: string, where: string): [string, string] => {
    const m = rest.match(/^\s*("(?:[^"\\]|\\.)*"|`[^`]*`)\s*([\s\S]*)$/);
    if (!m) throw new TemplateError(`${where}: a template name must be a quoted string`);
    return [m[1]!.startsWith('`') ? m[1]!.slice(1, -1) : (JSON.parse(m[1]!) as string), m[2]!];
  };
  /** Nodes until `end` or `else`; returns which one stopped it and its expression. */
  const body = (top: boolean): { nodes: Node[]; stop?: { kw: 'end' | 'else'; expr: string; where: string } } => {
    const nodes: Node[] = [];
    while (pos < list.length) {
      const it = list[pos++]!;
      if ('text' in it) { nodes.push({ t: 'text', text: it.text }); continue; }
      const kw = keyword(it.expr);
      const rest = kw ? it.expr.slice(kw.length) : it.expr;
      if (kw === 'end' || kw === 'else') {
        if (top) throw new TemplateError(`${it.where}: unexpected ${kw}`);
        return { nodes, stop: { kw, expr: rest.trim(), where: it.where } };
      }
      if (kw === 'if' || kw === 'with' || kw === 'range') nodes.push(control(kw, rest, it.where));
      else if (kw === 'break' || kw === 'continue') {
        if (loops === 0) throw new TemplateError(`${it.where}: {{${kw}}} outside {{range}}`);
        nodes.push({ t: kw });
      } else if (kw === 'template') {
        const [n, p] = nameArg(rest, it.where);
        nodes.push({ t: 'template', name: n, pipe: p.trim() ? parsePipe(p, it.where) : undefined });
      } else if (kw === 'define' || kw === 'block') {
        const [n, p] = nameArg(rest, it.where);
        if (kw === 'define' && (!top || p.trim())) throw new TemplateError(`${it.where}: define only at the top level, with a name alone`);
        const inner = body(false);
        if (inner.stop?.kw !== 'end') throw new TemplateError(`${it.where}: unexpected else in ${kw}`);
        defs.set(n, inner.nodes);
        if (kw === 'block') nodes.push({ t: 'template', name: n, pipe: p.trim() ? parsePipe(p, it.where) : undefined });
      } else nodes.push({ t: 'action', pipe: parsePipe(it.expr, it.where) });
    }
    if (!top) throw new TemplateError(`${name}: unexpected EOF (an {{if}}, {{range}}, {{with}} or {{define}} is never closed with {{end}})`);
    return { nodes };
  };
  const control = (kw: 'if' | 'with' | 'range', expr: string, where: string): Node => {
    const pipe = parsePipe(expr, where);
    if (kw === 'range') loops++;
    const first = body(false);
    if (kw === 'range') loops--;
    const node: Node = { t: kw, pipe, list: first.nodes };
    const stop = first.stop!;
    if (stop.kw === 'else') {
      const chained = stop.expr.match(/^(if|with)\b([\s\S]*)$/);
      if (chained) {
        // `{{else if x}}` / `{{else with x}}` is one inside the else that shares its `{{end}}`.
        node.else = [control(chained[1] as 'if' | 'with', chained[2]!, stop.where)];
      } else {
        if (stop.expr) throw new TemplateError(`${stop.where}: unexpected "${stop.expr}" in else`);
        const second = body(false);
        if (second.stop?.kw !== 'end') throw new TemplateError(`${stop.where}: expected end; found else`);
        node.else = second.nodes;
      }
    }
    return node;
  };
  const root = body(true).nodes;
  return { root, defs };
}
