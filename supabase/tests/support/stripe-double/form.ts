// Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as the
// official SDKs send it (`line_items[0][price_data][currency]=eur`, `metadata[order_id]=…`,
// `expand[]=line_items`). Decoded into plain objects; numeric-keyed objects become arrays.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const head = /^[^[]*/.exec(key)![0];
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  return [head, ...rest];
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, FormValue> = {};
  for (const k of keys) out[k] = arrays(value[k]!);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => out[k]!);
  return out;
}

export function parseForm(body: string): Form {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length; i++) {
      let part = path[i]!;
      const last = i === path.length - 1;
      if (part === '') part = String(Object.keys(node).length); // `expand[]`
      if (last) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, FormValue>;
    }
  }
  return arrays(root) as Form;
}

/** A form value as an integer, or undefined when absent; NaN when present and not an integer. */
export function int(value: FormValue | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function obj(value: FormValue | undefined): Record<string, FormValue> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(value: FormValue | undefined): FormValue[] | undefined {
  if (Array.isArray(value)) return value;
  const o = obj(value);
  return o ? Object.values(o) : undefined;
}

/** Metadata as Stripe keeps it: string values only. */
export function metadata(value: FormValue | undefined): Record<string, string> {
  const o = obj(value) ?? {};
  return Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}
