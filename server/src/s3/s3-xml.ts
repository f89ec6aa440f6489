/**
 * The little XML S3 speaks: answers built from plain objects, and the two request bodies this
 * endpoint reads (CompleteMultipartUpload, Delete), which are flat lists of small elements.
 */

const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function element(name: string, value: XmlValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => element(name, v)).join('');
  if (value === null) return `<${name}/>`;
  if (typeof value === 'object') return `<${name}>${Object.entries(value).map(([k, v]) => element(k, v)).join('')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/**
 * `<?xml…?><Root xmlns="…">…</Root>`; arrays repeat their element, undefined leaves it out.
 * Error documents carry no namespace, as S3's do.
 */
export function xmlDocument(root: string, body: XmlObject, opts: { namespace?: boolean } = {}): string {
  const inner = Object.entries(body).map(([k, v]) => element(k, v)).join('');
  const ns = opts.namespace === false ? '' : ` xmlns="${NAMESPACE}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${ns}>${inner}</${root}>`;
}

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return named[e.toLowerCase()]!;
  });
}

/**
 * The text of each `<child>` inside each `<item>` of a document: `[{PartNumber: '1', ETag: '"…"'}]`.
 * Returns undefined when the document is not what a flat S3 request body looks like.
 */
export function xmlItems(xml: string, root: string, item: string): Record<string, string>[] | undefined {
  const body = xml.replace(/^\uFEFF/, '').replace(/<\?xml[^>]*\?>/, '').trim();
  const rootMatch = new RegExp(`^<${root}(\\s[^>]*)?>([\\s\\S]*)</${root}>$`).exec(body);
  if (!rootMatch) return undefined;
  const items: Record<string, string>[] = [];
  const itemRe = new RegExp(`<${item}(?:\\s[^>]*)?>([\\s\\S]*?)</${item}>`, 'g');
  for (const m of rootMatch[2]!.matchAll(itemRe)) {
    const fields: Record<string, string> = {};
    for (const f of m[1]!.matchAll(/<([A-Za-z][\w-]*)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)) fields[f[1]!] = unescapeXml(f[2]!);
    items.push(fields);
  }
  return items;
}

/** The text of a top-level `<name>` of a document (e.g. `<Quiet>` in a Delete body). */
export function xmlField(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!.trim()) : undefined;
}
