// Checking what a function is sent, and answering failures without echoing internals: malformed
// input is the caller's 400 in the functions' own shape ({error, message}); a failure behind the
// function (the database, a provider) is logged with its detail and answered in general words.
import { json } from './cors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function badRequest(message: string): Response {
  return json({ error: 'invalid_request', message }, 400);
}

export function methodNotAllowed(allowed: string[]): Response {
  const res = json({ error: 'method_not_allowed', message: `Use ${allowed.join(' or ')}.` }, 405);
  res.headers.set('allow', [...allowed, 'OPTIONS'].join(', '));
  return res;
}

/** The JSON body, or undefined when there is none or it is not JSON. */
export async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return undefined;
  }
}

/** A plain object (not null, not an array), as bodies and their parts must be. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Logs what failed (for the operator) and tells the caller only that it did. */
export function unavailable(fn: string, what: string, detail: unknown): Response {
  console.error(`${fn}: ${what}:`, detail instanceof Error ? detail.message : (detail as { message?: unknown })?.message ?? detail);
  return json({ error: 'unavailable', message: `${what[0]!.toUpperCase()}${what.slice(1)} failed. Try again later.` }, 503);
}
