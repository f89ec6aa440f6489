import type { PgError } from '../../db/db-types.ts';
import { TURN_CANCEL_MESSAGE } from '../../db/pglite-cancel.ts';
import { ApiError } from './api-error.ts';

/** HTTP status for a SQLSTATE, as PostgREST v14 maps it (`rest.md` §11.2), and for Gather's own 57014 turn cancel. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case '57014':
      // A statement cut short because others wait for PGlite (decision 0255) is the server
      // being busy, not broken: 503, as for a database that is restarting. A statement
      // timeout stays PostgREST's 500.
      return message === TURN_CANCEL_MESSAGE ? 503 : 500;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX', 'P0'].includes(cls)) return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (cls === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  return 400;
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'`: full control of the answer. */
function raisedPgrst(err: PgError): ApiError {
  const msg = parseJsonObject(err.message);
  if (!msg || typeof msg.code !== 'string' || typeof msg.message !== 'string') {
    return new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, `Invalid JSON value for MESSAGE: '${err.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.");
  }
  if (err.detail === undefined || err.detail === null || err.detail === '') {
    return new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, 'DETAIL is missing in the RAISE statement',
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.");
  }
  const det = parseJsonObject(err.detail);
  if (!det || typeof det.status !== 'number' || !det.headers || typeof det.headers !== 'object') {
    return new ApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, `Invalid JSON value for DETAIL: '${err.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.");
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(det.headers as Record<string, unknown>)) headers[k] = String(v);
  return new ApiError(det.status, msg.code, msg.message, msg.details ?? null, msg.hint ?? null, headers);
}

/** A database error as PostgREST answers it: the fields pass through, the status comes from the SQLSTATE. */
export function apiErrorFromPg(err: PgError, authenticated: boolean): ApiError {
  const code = err.code ?? 'XX000';
  if (code === 'PGRST') return raisedPgrst(err);
  const status = statusForSqlState(code, err.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return new ApiError(status, code, err.message, err.detail ?? null, err.hint ?? null, headers);
}
