/**
 * A small TypeScript type printer that lays types out the way prettier (printWidth 80, no
 * semicolons, double quotes) lays out the Supabase CLI's generated types: objects the template
 * writes on several lines stay expanded, the others go on one line when they fit; long unions
 * break into one `| member` a line.
 */

export type TsType = string | TsObject | TsUnion | TsArray | TsIntersection | TsTuple;

export interface TsMember {
  key: string;
  optional?: boolean;
  type: TsType;
  /** The key is written as is (`[_ in never]`), not quoted when needed. */
  rawKey?: boolean;
  /** `//` comment lines above the member. */
  comment?: string[];
}
export interface TsObject {
  kind: 'object';
  members: TsMember[];
  /** Written multi-line in the template: prettier keeps it so. */
  expanded: boolean;
}
export interface TsUnion {
  kind: 'union';
  members: TsType[];
}
export interface TsArray {
  kind: 'array';
  of: TsType;
}
export interface TsIntersection {
  kind: 'intersection';
  members: TsType[];
}
/** A tuple of expanded objects, one a line with a trailing comma (`Relationships`). */
export interface TsTuple {
  kind: 'tuple';
  members: TsObject[];
}

const WIDTH = 80;

export const obj = (members: TsMember[], expanded = true): TsObject => ({ kind: 'object', members, expanded });
export const union = (members: TsType[]): TsType => (members.length === 1 ? members[0]! : { kind: 'union', members });

export function quoteKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function memberHead(m: TsMember): string {
  return `${m.rawKey ? m.key : quoteKey(m.key)}${m.optional ? '?' : ''}: `;
}

/** The one-line form, or undefined when the type must span lines. */
export function inline(t: TsType): string | undefined {
  if (typeof t === 'string') return t;
  switch (t.kind) {
    case 'object': {
      if (t.expanded && t.members.length > 0) return undefined;
      if (t.members.length === 0) return '{}';
      const parts = t.members.map((m) => {
        const v = inline(m.type);
        return v === undefined ? undefined : memberHead(m) + v;
      });
      return parts.includes(undefined) ? undefined : `{ ${parts.join('; ')} }`;
    }
    case 'union': {
      const parts = t.members.map(inline);
      return parts.includes(undefined) ? undefined : parts.join(' | ');
    }
    case 'intersection': {
      const parts = t.members.map(inline);
      return parts.includes(undefined) ? undefined : parts.join(' & ');
    }
    case 'tuple':
      return t.members.length === 0 ? '[]' : undefined;
    case 'array': {
      const v = inline(t.of);
      if (v === undefined) return undefined;
      return typeof t.of === 'object' && t.of.kind !== 'object' && t.of.kind !== 'array' ? `(${v})[]` : `${v}[]`;
    }
  }
}

function block(t: TsObject, indent: number): string {
  if (t.members.length === 0) return '{}';
  const pad = ' '.repeat(indent + 2);
  const lines = t.members.flatMap((m) => [...(m.comment ?? []).map((c) => `${pad}// ${c}`), pad + printMember(m, indent + 2)]);
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

/**
 * The type as it prints after `prefix` on a line indented by `indent` (the prefix's length
 * counts toward the width).
 */
export function print(t: TsType, indent: number, prefixLength = 0): string {
  const one = inline(t);
  if (one !== undefined && indent + prefixLength + one.length <= WIDTH) return one;
  if (typeof t === 'string') return t;
  switch (t.kind) {
    case 'object':
      return block(t, indent);
    case 'tuple': {
      const pad = ' '.repeat(indent + 2);
      return `[\n${t.members.map((m) => `${pad}${block(m, indent + 2)},`).join('\n')}\n${' '.repeat(indent)}]`;
    }
    case 'array':
      return `${print(t.of, indent, prefixLength)}[]`;
    case 'intersection':
      // Too long for one line: prettier breaks the object parts open.
      return t.members.map((m) => (typeof m === 'object' && m.kind === 'object' ? block(m, indent) : print(m, indent))).join(' & ');
    case 'union': {
      // `{ … } | null` hugs the object; other long unions go one member a line.
      const [first, ...rest] = t.members;
      if (typeof first === 'object' && first.kind === 'object' && rest.every((r) => typeof r === 'string')) {
        return `${block(first, indent)} | ${rest.join(' | ')}`;
      }
      return t.members.map((m) => `\n${' '.repeat(indent + 2)}| ${printUnionMember(m, indent + 2)}`).join('');
    }
  }
}

function printUnionMember(t: TsType, barIndent: number): string {
  const one = inline(t);
  if (one !== undefined && barIndent + 2 + one.length <= WIDTH) return one;
  if (typeof t === 'object' && t.kind === 'object') {
    const pad = ' '.repeat(barIndent + 4);
    return `{\n${t.members.map((m) => pad + printMember(m, barIndent + 4)).join('\n')}\n${' '.repeat(barIndent + 2)}}`;
  }
  return print(t, barIndent + 2);
}

export function printMember(m: TsMember, indent: number): string {
  const head = memberHead(m).trimEnd();
  const body = print(m.type, indent, head.length + 1);
  return body.startsWith('\n') ? `${head}${body}` : `${head} ${body}`;
}
