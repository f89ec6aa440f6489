import type { FastifyInstance } from 'fastify';

/**
 * How deeply a request's JSON may nest (decision 0090). Real payloads (rows, metadata, presence)
 * stay within a handful of levels; past this, JSON is an attack on whatever recurses over it:
 * `JSON.stringify`, validators, Postgres's jsonb parser (which on PGlite recursed off the end of
 * the JavaScript stack and left the embedded database broken).
 */
export const MAX_JSON_DEPTH = 100;

export const TOO_DEEP_MESSAGE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`, found in one pass without recursion, before
 * anything parses it. Brackets inside strings do not count. Text that is not JSON at all is
 * the parser's business; this only answers "too deep".
 */
export function jsonTooDeep(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text !== 'string';
  const n = text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < n; i++) {
    const c = bytes ? (text as Uint8Array)[i]! : (text as string).charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** A request body the server will not parse; each API answers it in its own error shape. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_INVALID_JSON_BODY';
}

/**
 * The JSON parser for routes that keep Fastify's default (mail, realtime's REST broadcast, the
 * inbox): Fastify's own (which refuses `__proto__` and `constructor.prototype` keys), behind the
 * depth check. Modules that parse bodies themselves (REST, auth, storage) check depth there.
 */
export function registerGuardedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) return done(new JsonBodyError(TOO_DEEP_MESSAGE), undefined);
    parse(req, body as string, done);
  });
}
