import { encodeStrict } from '../../http/header-values.ts';
import { errors } from '../errors/api-error.ts';
import { contentTypeOf } from '../parse/accept.ts';
import type { CallPlan, MutatePlan, ReadPlan } from '../plan/types.ts';
import { contentRange, rangeStatus, type RestResponse } from './response.ts';

/** One row of a main query: counts, body and the SQL-set response overrides. */
export interface ResultRow {
  total_result_set: string | number | null;
  page_total: string | number;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  location?: string | null;
  response_inserted?: string | number | null;
}

export function num(v: string | number | null | undefined): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  return Number(v);
}

function commonHeaders(plan: ReadPlan | MutatePlan | CallPlan, withContentType: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (withContentType) {
    h['content-type'] = contentTypeOf(plan.media);
    if (plan.sendProfile) h['content-profile'] = plan.schema;
  }
  if (plan.applied.length) h['preference-applied'] = plan.applied.join(', ');
  return h;
}

/** GET/HEAD on a relation, and RPC: Content-Range, 200/206/416, the singular check. */
export function readResponse(plan: ReadPlan | CallPlan, row: ResultRow, total: number | undefined, contentLocation?: string): RestResponse {
  const pageTotal = num(row.page_total) ?? 0;
  const lower = plan.root.offset;
  if (plan.kind === 'call' && plan.routine.returnsVoid) {
    return { status: 204, headers: { 'content-range': contentRange(lower, lower + pageTotal - 1, total), ...commonHeaders(plan, false) }, body: '' };
  }
  if (plan.media.kind === 'object' && pageTotal !== 1) throw errors.singular(pageTotal);
  if (plan.kind === 'call' && plan.prefs.handling === 'strict' && plan.prefs.maxAffected !== undefined && pageTotal > plan.prefs.maxAffected) {
    throw errors.maxAffected(pageTotal);
  }
  const status = rangeStatus(lower, pageTotal, total);
  const headers: Record<string, string> = { 'content-range': contentRange(lower, lower + pageTotal - 1, total) };
  if (contentLocation) headers['content-location'] = contentLocation;
  Object.assign(headers, commonHeaders(plan, true));
  if (status === 416) throw errors.outOfBounds(lower, total ?? 0);
  return { status, headers, body: plan.headOnly ? '' : (row.body ?? '') };
}

function renderQuery(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeStrict(k)}=${encodeStrict(v)}`).join('&');
}

/** POST/PUT/PATCH/DELETE: 201/200/204 as PostgREST answers them, Location, Content-Range. */
export function mutateResponse(plan: MutatePlan, row: ResultRow): RestResponse {
  const n = num(row.page_total) ?? 0;
  if (plan.media.kind === 'object' && n !== 1) throw errors.singular(n);
  const strictMax = plan.prefs.handling === 'strict' ? plan.prefs.maxAffected : undefined;
  if (strictMax !== undefined && (plan.mutation === 'update' || plan.mutation === 'delete') && n > strictMax) throw errors.maxAffected(n);
  const counted = plan.count ? n : undefined;
  const rep = plan.returnRepresentation;
  const headers: Record<string, string> = {};
  let status: number;
  if (plan.mutation === 'update') {
    headers['content-range'] = contentRange(0, n - 1, counted);
    status = rep ? 200 : 204;
  } else if (plan.mutation === 'delete') {
    headers['content-range'] = contentRange(1, 0, counted);
    status = rep ? 200 : 204;
  } else {
    const inserted = num(row.response_inserted) ?? 0;
    if (plan.isPut) {
      status = rep ? (inserted > 0 ? 201 : 200) : 204;
    } else {
      headers['content-range'] = contentRange(1, 0, counted);
      status = plan.onConflict?.action === 'merge' && inserted <= 0 ? 200 : 201;
    }
    if (row.location) {
      const pairs = JSON.parse(row.location) as [string, string][];
      headers['location'] = `/${encodeURIComponent(plan.table.name)}?${renderQuery(pairs)}`;
    }
  }
  Object.assign(headers, commonHeaders(plan, rep));
  return { status, headers, body: rep ? (row.body ?? '') : '' };
}
