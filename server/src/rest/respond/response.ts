import { isHeaderName, isHeaderValue } from '../../http/header-values.ts';
import { ApiError, errors } from '../errors/api-error.ts';

/** What the REST module answers: status, headers and body, independent of Fastify. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** `first-last/total` as PostgREST writes it (`*` when empty or unknown). */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** Status for a read or RPC answer once the total is known (200, 206, or 416). */
export function rangeStatus(lower: number, pageTotal: number, total: number | undefined): number {
  if (total === undefined) return 200;
  const upper = lower + pageTotal - 1;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

export function errorResponse(err: ApiError): RestResponse {
  return {
    status: err.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'proxy-status': `PostgREST; error=${err.code}`, ...err.headers },
    body: JSON.stringify(err.body()),
  };
}

/**
 * Applies `response.status` / `response.headers` set by SQL (`set_config(…, true)`): they
 * override PostgREST's own status and headers. Bad values are PGRST112 / PGRST111.
 */
export function applyGucOverrides(res: RestResponse, gucHeaders: string | null, gucStatus: string | null): RestResponse {
  if (gucHeaders === null && gucStatus === null) return res;
  let status = res.status;
  if (gucStatus !== null) {
    if (!/^\d+$/.test(gucStatus.trim()) || Number(gucStatus) < 100 || Number(gucStatus) > 999) throw errors.gucStatus();
    status = Number(gucStatus);
  }
  const headers = { ...res.headers };
  if (gucHeaders !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(gucHeaders);
    } catch {
      throw errors.gucHeaders();
    }
    if (!Array.isArray(parsed)) throw errors.gucHeaders();
    for (const h of parsed) {
      if (!h || typeof h !== 'object' || Array.isArray(h)) throw errors.gucHeaders();
      const entries = Object.entries(h as Record<string, unknown>);
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw errors.gucHeaders();
      // A name or value Node cannot send (a line break from user data) fails here, not as a 500.
      if (!isHeaderName(entries[0]![0]) || !isHeaderValue(entries[0]![1])) throw errors.gucHeaders();
      headers[entries[0]![0].toLowerCase()] = entries[0]![1] as string;
    }
  }
  return { ...res, status, headers };
}
