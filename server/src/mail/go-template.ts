// The part of Go's text/template that Supabase's auth email templates use: `{{ .Field }}`,
// `{{ .Data.key }}` (the user's metadata), and `{{ if … }}` / `{{ else if … }}` / `{{ else }}` /
// `{{ end }}` with `eq`, `ne`, `not` or a field as the condition, `{{-`/`-}}` trimming and
// comments. That is what a template needs to be written once per language:
//   {{ if eq .Data.locale "de" }}Bestätige deine E-Mail{{ else }}Confirm your email{{ end }}
// Anything else is refused when the template is read, naming what (decision 0206; issue 22
// makes the server run GoTrue's templates in full).

type Arg = { path: string[] } | { literal: string };
type Cond = { op: 'truthy'; arg: Arg } | { op: 'not'; arg: Arg } | { op: 'eq' | 'ne'; args: Arg[] };
type Node = { text: string } | { value: Arg } | { branches: { cond: Cond | null; body: Node[] }[] };

export type TemplateData = Record<string, unknown>;

export class TemplateError extends Error {}

const ACTION = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;

function parseArg(token: string, where: string): Arg {
  if (token.startsWith('"')) {
    try {
      return { literal: JSON.parse(token) as string };
    } catch {
      throw new TemplateError(`${where}: bad string ${token}`);
    }
  }
  if (token.startsWith('`') && token.endsWith('`') && token.length >= 2) return { literal: token.slice(1, -1) };
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(token)) return { path: token.slice(1).split('.') };
  if (token === '.') return { path: [] };
  throw new TemplateError(`${where}: "${token}" is not supported (only .Field, .Data.key and "strings")`);
}

function tokens(expr: string): string[] {
  return expr.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|[^\s]+/g) ?? [];
}

function parseCond(expr: string, where: string): Cond {
  const [head, ...rest] = tokens(expr);
  if (!head) throw new TemplateError(`${where}: an empty condition`);
  if (head === 'eq' || head === 'ne') {
    if (rest.length < 2) throw new TemplateError(`${where}: ${head} needs two values`);
    return { op: head, args: rest.map((t) => parseArg(t, where)) };
  }
  if (head === 'not') {
    if (rest.length !== 1) throw new TemplateError(`${where}: not takes one value`);
    return { op: 'not', arg: parseArg(rest[0]!, where) };
  }
  if (rest.length) throw new TemplateError(`${where}: "${head}" is not supported in a condition (use eq, ne, not or a field)`);
  return { op: 'truthy', arg: parseArg(head, where) };
}

/** Parses a template; `name` says which one in errors. */
export function parseTemplate(source: string, name: string): Node[] {
  const root: Node[] = [];
  // The innermost open `if`, its branches, and where its current branch's nodes go.
  const stack: { branches: { cond: Cond | null; body: Node[] }[]; body: Node[] }[] = [];
  let out = root;
  let last = 0;
  let trimNext = false;
  for (const m of source.matchAll(ACTION)) {
    let text = source.slice(last, m.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (m[1]) text = text.replace(/\s+$/, '');
    if (text) out.push({ text });
    last = m.index + m[0].length;
    trimNext = Boolean(m[3]);
    const expr = m[2]!;
    const where = `${name}: {{ ${expr} }}`;
    if (expr.startsWith('/*')) continue; // {{/* a comment */}}
    const [word] = tokens(expr);
    if (word === 'if') {
      const node = { branches: [{ cond: parseCond(expr.slice(2), where), body: [] as Node[] }] };
      out.push(node);
      stack.push({ branches: node.branches, body: out });
      out = node.branches[0]!.body;
    } else if (word === 'else') {
      const open = stack.at(-1);
      if (!open) throw new TemplateError(`${where}: else without if`);
      const rest = expr.slice(4).trim();
      if (open.branches.at(-1)!.cond === null) throw new TemplateError(`${where}: nothing may follow else`);
      const cond = rest ? (rest.startsWith('if ') ? parseCond(rest.slice(3), where) : null) : null;
      if (rest && !rest.startsWith('if ')) throw new TemplateError(`${where}: only "else" or "else if" here`);
      const branch = { cond, body: [] as Node[] };
      open.branches.push(branch);
      out = branch.body;
    } else if (word === 'end') {
      const open = stack.pop();
      if (!open) throw new TemplateError(`${where}: end without if`);
      out = open.body;
    } else if (expr.startsWith('.')) {
      out.push({ value: parseArg(expr, where) });
    } else {
      throw new TemplateError(`${where}: "${word}" is not supported (issue 22 brings the rest of Go's templates)`);
    }
  }
  let tail = source.slice(last);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  if (tail) out.push({ text: tail });
  if (stack.length) throw new TemplateError(`${name}: an {{ if }} is never closed with {{ end }}`);
  return root;
}

function valueOf(arg: Arg, data: TemplateData): unknown {
  if ('literal' in arg) return arg.literal;
  let v: unknown = data;
  for (const key of arg.path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function truthy(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== '' && v !== 0;
}

function holds(cond: Cond, data: TemplateData): boolean {
  if (cond.op === 'truthy') return truthy(valueOf(cond.arg, data));
  if (cond.op === 'not') return !truthy(valueOf(cond.arg, data));
  const [first, ...others] = cond.args.map((a) => valueOf(a, data));
  // Go's eq: true when the first equals any of the others.
  const equal = others.some((o) => o === first);
  return cond.op === 'eq' ? equal : !equal;
}

/** Renders parsed nodes; `escape` is applied to values (HTML for content, nothing for subjects). */
export function renderTemplate(nodes: Node[], data: TemplateData, escape: (s: string) => string = (s) => s): string {
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if ('value' in node) {
      const v = valueOf(node.value, data);
      // Go prints a missing map key as "<no value>"; an email should rather say nothing.
      out += v === undefined || v === null ? '' : escape(String(v));
    } else {
      const branch = node.branches.find((b) => b.cond === null || holds(b.cond, data));
      if (branch) out += renderTemplate(branch.body, data, escape);
    }
  }
  return out;
}
