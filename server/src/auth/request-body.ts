import type { FastifyRequest } from 'fastify';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../http/json-guard.ts';
import { badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

/** GoTrue's request bodies are capped at 1 MB. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Parses a request body as GoTrue does: JSON (the client always sends it, also with an empty
 * body on POST /logout), or a form for `grant_type`-style callers. Bad JSON is `bad_json`.
 */
export function parseBody(contentType: string | undefined, raw: string): Body {
  if (raw.trim() === '') return {};
  if ((contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return refuseNul(Object.fromEntries(new URLSearchParams(raw)));
  }
  if (jsonTooDeep(raw)) throw badRequest('bad_json', `Could not parse request body as JSON: ${TOO_DEEP_MESSAGE}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  // Postgres text and jsonb cannot hold U+0000: such a value reached the database and came back
  // as a 500 (found by the fuzz suite). Refuse it up front, as the bad input it is.
  return refuseNul(parsed as Body);
}

function refuseNul(body: Body): Body {
  if (holdsNul(body)) throw badRequest('validation_failed', 'Request body contains a NUL character (\\u0000), which no field may hold');
  return body;
}

/** Whether any string (value or key) in parsed JSON holds U+0000; depth is bounded by jsonTooDeep. */
function holdsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(holdsNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\0') || holdsNul(x));
  return false;
}

export function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === 'object' ? (req.body as Body) : {};
}

function typeError(key: string, want: string): Error {
  return badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be ${want}`);
}

/** A string field; absent or null ⇒ ''. */
export function str(body: Body, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw typeError(key, 'a string');
  return v;
}

/** A string field that may be absent (undefined) but, when present, must be a string. */
export function optStr(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw typeError(key, 'a string');
  return v;
}

export function bool(body: Body, key: string, fallback: boolean): boolean {
  const v = body[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw typeError(key, 'a boolean');
}

/** An object field (metadata); absent or null ⇒ undefined. */
export function obj(body: Body, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw typeError(key, 'an object');
  return v as Record<string, unknown>;
}

export function queryParam(req: FastifyRequest, name: string): string {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
}
