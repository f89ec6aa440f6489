import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../../http/json-guard.ts';
import { errors } from '../errors/api-error.ts';

/** A request body reduced to what planning needs: JSON text and its top-level keys. */
export type Payload =
  | { kind: 'json'; json: string; keys: string[]; isArray: boolean; rows: number }
  /** With `?columns=` PostgREST passes JSON through unparsed; Postgres validates it. */
  | { kind: 'raw-json'; json: string }
  /** RPC only: a body for a single unnamed text, xml or bytea parameter. */
  | { kind: 'single'; type: 'text' | 'xml' | 'bytea'; value: string | Buffer };

export type ContentKind = 'json' | 'csv' | 'form' | 'text' | 'xml' | 'octet' | 'other';

export function contentKind(contentType: string | undefined): { kind: ContentKind; mime: string } {
  const mime = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  switch (mime) {
    case '':
    case 'application/json':
    case '*/*':
      return { kind: 'json', mime: 'application/json' };
    case 'text/csv':
      return { kind: 'csv', mime };
    case 'application/x-www-form-urlencoded':
      return { kind: 'form', mime };
    case 'text/plain':
      return { kind: 'text', mime };
    case 'text/xml':
      return { kind: 'xml', mime };
    case 'application/octet-stream':
      return { kind: 'octet', mime };
    default:
      return { kind: 'other', mime: (contentType ?? '').trim() };
  }
}

/** CSV as PostgREST reads it: a header line, `NULL` is SQL null, an empty field an empty string. */
function csvRows(text: string): Record<string, string | null>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(wasQuoted ? cur : cur);
    cur = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else cur += c;
  }
  if (cur !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] === 'NULL' ? null : (r[i] ?? null)])));
}

function jsonPayload(value: unknown, json: string): Payload {
  if (Array.isArray(value)) {
    const first = value[0];
    if (value.some((v) => v === null || typeof v !== 'object' || Array.isArray(v))) {
      // Not objects: nothing PostgREST can map to columns.
      if (value.length > 0) throw errors.invalidBody('All object keys must match');
    }
    const keys = first ? Object.keys(first as object) : [];
    const sig = [...keys].sort().join('\0');
    for (const v of value) {
      if ([...Object.keys(v as object)].sort().join('\0') !== sig) throw errors.invalidBody('All object keys must match');
    }
    return { kind: 'json', json, keys, isArray: true, rows: value.length };
  }
  if (value !== null && typeof value === 'object') {
    return { kind: 'json', json, keys: Object.keys(value), isArray: false, rows: 1 };
  }
  // A scalar or null counts as an empty array.
  return { kind: 'json', json: '[]', keys: [], isArray: true, rows: 0 };
}

/**
 * Parses a POST/PUT/PATCH body by Content-Type. `hasColumns`: `?columns=` was given (JSON is
 * then passed through). `rpc`: an empty body means `{}` and text/xml/bytea bodies are allowed.
 */
export function parsePayload(contentType: string | undefined, body: Buffer | string | undefined, hasColumns: boolean, rpc: boolean): Payload {
  const { kind, mime } = contentKind(contentType);
  const text = body === undefined ? '' : typeof body === 'string' ? body : body.toString('utf8');
  switch (kind) {
    case 'json': {
      if (rpc && text.trim() === '') return { kind: 'json', json: '{}', keys: [], isArray: false, rows: 1 };
      // Before Postgres or anything recursive sees it, raw (`?columns=`) or not.
      if (jsonTooDeep(text)) throw errors.invalidBody(TOO_DEEP_MESSAGE);
      if (hasColumns) return { kind: 'raw-json', json: text };
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw errors.invalidBody('Empty or invalid json');
      }
      return jsonPayload(value, text);
    }
    case 'csv': {
      const rows = csvRows(text);
      return jsonPayload(rows, JSON.stringify(rows));
    }
    case 'form': {
      const obj = Object.fromEntries(new URLSearchParams(text));
      return jsonPayload(obj, JSON.stringify(obj));
    }
    case 'text':
    case 'xml':
      if (rpc) return { kind: 'single', type: kind, value: text };
      break;
    case 'octet':
      if (rpc) return { kind: 'single', type: 'bytea', value: typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0)) };
      break;
  }
  throw errors.invalidBody(`Content-Type not acceptable: ${mime}`);
}
