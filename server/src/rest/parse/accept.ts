/** A media type from `Accept`, reduced to what PostgREST distinguishes. */
export type MediaType =
  | { kind: 'json' }
  | { kind: 'any' }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'array'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' }
  | { kind: 'openapi' }
  | { kind: 'plan'; format: 'text' | 'json'; for?: string; options: string[] }
  | { kind: 'other'; mime: string };

function params(parts: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const p of parts) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    m.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return m;
}

export function parseMediaType(raw: string): MediaType {
  const parts = raw.split(';');
  const mime = parts[0]!.trim().toLowerCase();
  const p = params(parts.slice(1));
  const stripNulls = p.get('nulls') === 'stripped';
  switch (mime) {
    case 'application/json':
      return { kind: 'json' };
    case '*/*':
    case 'application/*':
      return { kind: 'any' };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', stripNulls };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { kind: 'array', stripNulls };
    case 'text/csv':
      return { kind: 'csv' };
    case 'application/geo+json':
      return { kind: 'geojson' };
    case 'application/openapi+json':
      return { kind: 'openapi' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const options = (p.get('options') ?? '').split('|').map((o) => o.trim()).filter((o) => o !== '');
      return { kind: 'plan', format: mime.endsWith('+json') ? 'json' : 'text', for: p.get('for'), options };
    }
    default:
      return { kind: 'other', mime: raw.trim() };
  }
}

/**
 * The Accept header as an ordered list (highest q first, ties in given order). A missing or
 * empty header means `*\/*`. Commas inside quoted parameters (plan's `for="…"`) are kept.
 */
export function parseAccept(header: string | undefined): MediaType[] {
  if (!header || header.trim() === '') return [{ kind: 'any' }];
  const items: string[] = [];
  let cur = '';
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      items.push(cur);
      cur = '';
    } else cur += c;
  }
  items.push(cur);
  const ranked = items
    .map((raw, i) => {
      const q = /;\s*q=([0-9.]+)/i.exec(raw);
      return { raw: raw.replace(/;\s*q=[0-9.]+/i, ''), q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.raw.trim() !== '' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => parseMediaType(x.raw));
}

export function mediaTypeName(m: MediaType): string {
  switch (m.kind) {
    case 'json':
      return 'application/json';
    case 'any':
      return '*/*';
    case 'object':
      return m.stripNulls ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'array':
      return m.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
    case 'csv':
      return 'text/csv';
    case 'geojson':
      return 'application/geo+json';
    case 'openapi':
      return 'application/openapi+json';
    case 'plan':
      return `application/vnd.pgrst.plan+${m.format}; for="${m.for ?? 'application/json'}"${m.options.length ? `; options=${m.options.join('|')}` : ''}`;
    case 'other':
      return m.mime;
  }
}

/** The Content-Type of a response in this media type. */
export function contentTypeOf(m: MediaType): string {
  return `${mediaTypeName(m.kind === 'any' ? { kind: 'json' } : m)}; charset=utf-8`;
}
