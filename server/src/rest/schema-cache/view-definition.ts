/**
 * Reads the top-level target list of a view from its stored rule (`pg_rewrite.ev_action`, the
 * pg_node_tree text): for each output column, the base table and column it comes straight from.
 * That is how a view inherits its tables' primary and foreign keys (PostgREST does the same).
 */

type NodeValue = string | null | NodeValue[] | { node: string; fields: Map<string, NodeValue[]> };

class NodeTreeReader {
  private i = 0;
  private readonly s: string;
  constructor(s: string) {
    this.s = s;
  }

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private token(): string {
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === '\\' && this.i + 1 < this.s.length) {
        out += this.s[this.i + 1];
        this.i += 2;
        continue;
      }
      if (/\s/.test(c) || c === '(' || c === ')' || c === '{' || c === '}') break;
      out += c;
      this.i++;
    }
    return out;
  }

  value(): NodeValue {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') {
      this.i++;
      const node = this.token();
      const fields = new Map<string, NodeValue[]>();
      for (;;) {
        this.ws();
        if (this.i >= this.s.length) break;
        if (this.s[this.i] === '}') {
          this.i++;
          break;
        }
        const name = this.token().replace(/^:/, '');
        const vals: NodeValue[] = [];
        for (;;) {
          this.ws();
          const n = this.s[this.i];
          if (n === undefined || n === '}' || n === ':') break;
          vals.push(this.value());
        }
        fields.set(name, vals);
      }
      return { node, fields };
    }
    if (c === '(') {
      this.i++;
      const items: NodeValue[] = [];
      for (;;) {
        this.ws();
        if (this.i >= this.s.length) break;
        if (this.s[this.i] === ')') {
          this.i++;
          break;
        }
        items.push(this.value());
      }
      return items;
    }
    if (c === '"') {
      this.i++;
      let out = '';
      while (this.i < this.s.length && this.s[this.i] !== '"') {
        if (this.s[this.i] === '\\') this.i++;
        out += this.s[this.i] ?? '';
        this.i++;
      }
      this.i++;
      return out;
    }
    if (c === '[') {
      const end = this.s.indexOf(']', this.i);
      const raw = this.s.slice(this.i, end < 0 ? this.s.length : end + 1);
      this.i = end < 0 ? this.s.length : end + 1;
      return raw;
    }
    if (this.s.startsWith('<>', this.i)) {
      this.i += 2;
      return null;
    }
    const t = this.token();
    if (t === '') this.i++; // never stall on an unexpected character
    return t;
  }
}

export interface ViewTarget {
  /** Output column position (1-based). */
  resno: number;
  name: string;
  /** oid of the base relation, 0 when the column is computed. */
  origTable: number;
  origColumn: number;
}

function field(node: NodeValue, name: string): NodeValue | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  return node.fields.get(name)?.[0];
}

export function viewTargets(evAction: string): ViewTarget[] {
  let tree: NodeValue;
  try {
    tree = new NodeTreeReader(evAction).value();
  } catch {
    return [];
  }
  const query = Array.isArray(tree) ? tree[0] : tree;
  const list = field(query ?? null, 'targetList');
  if (!Array.isArray(list)) return [];
  const out: ViewTarget[] = [];
  for (const te of list) {
    if (field(te, 'resjunk') === 'true') continue;
    const resno = Number(field(te, 'resno'));
    out.push({
      resno,
      name: String(field(te, 'resname') ?? ''),
      origTable: Number(field(te, 'resorigtbl') ?? 0),
      origColumn: Number(field(te, 'resorigcol') ?? 0),
    });
  }
  return out;
}
