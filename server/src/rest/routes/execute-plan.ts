import type { Queryable, RequestContext } from '../../db/db-types.ts';
import { isPgError } from '../../db/db-types.ts';
import { ApiError } from '../errors/api-error.ts';
import { contentTypeOf, parseMediaType } from '../parse/accept.ts';
import { apiErrorFromPg } from '../errors/pg-error.ts';
import type { CallPlan, MutatePlan, ReadPlan } from '../plan/types.ts';
import { num, mutateResponse, readResponse, type ResultRow } from '../respond/plan-responses.ts';
import { applyGucOverrides, errorResponse, type RestResponse } from '../respond/response.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { callStatements } from '../sql/call-statement.ts';
import { mutateStatement } from '../sql/mutate-statement.ts';
import { readStatements } from '../sql/read-statement.ts';
import { quoteIdent, type Statement } from '../sql/sql-builder.ts';

export interface ExecuteOptions {
  cache: SchemaCache;
  maxRows: number;
  extraSearchPath: string[];
  statementTimeoutMs: number;
  /** Identity and request settings for `Db.asRole`. */
  request: Omit<RequestContext, 'settings' | 'readOnly'>;
  asRole: <T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>) => Promise<T>;
}

/** Thrown inside the transaction to roll it back while still answering normally (`tx=rollback`). */
class RollbackWith extends Error {
  readonly response: RestResponse;
  constructor(response: RestResponse) {
    super('rollback');
    this.response = response;
  }
}

const TIMEZONES = new Set(Intl.supportedValuesOf('timeZone').map((z) => z.toLowerCase()).concat(['utc', 'gmt']));

function transactionSettings(opts: ExecuteOptions, plan: ReadPlan | MutatePlan | CallPlan): Record<string, string> {
  const s: Record<string, string> = {
    // As PostgREST: the schema, then the extra search path, duplicates and all.
    search_path: [plan.schema, ...opts.extraSearchPath].map(quoteIdent).join(', '),
  };
  if (opts.statementTimeoutMs > 0) s['statement_timeout'] = String(opts.statementTimeoutMs);
  for (const [k, v] of opts.cache.roleSettings.get(opts.request.role) ?? []) s[k] = v;
  if (plan.kind === 'call') for (const [k, v] of plan.routine.settings) s[k] = v;
  if (plan.prefs.timezone && TIMEZONES.has(plan.prefs.timezone.toLowerCase())) s['timezone'] = plan.prefs.timezone;
  // Read-only in the same set_config round trip, instead of a separate SET TRANSACTION.
  if (plan.readOnly) s['transaction_read_only'] = 'on';
  return s;
}

function contentLocation(plan: ReadPlan, query: string): string {
  return `/${plan.table.name}${query ? `?${query}` : ''}`;
}

async function plannedTotal(tx: Queryable, st: Statement): Promise<number | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(st.sql, st.params);
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof first === 'string' ? JSON.parse(first) : first) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'];
}

const PLAN_OPTIONS: Record<string, string> = { analyze: 'ANALYZE', verbose: 'VERBOSE', settings: 'SETTINGS', buffers: 'BUFFERS', wal: 'WAL' };

/** `Accept: application/vnd.pgrst.plan`: EXPLAIN of the main query instead of its result. */
async function explain(tx: Queryable, plan: ReadPlan | MutatePlan | CallPlan, maxRows: number): Promise<RestResponse> {
  const media = plan.media;
  if (media.kind !== 'plan') throw new Error('not a plan request');
  const inner = { ...plan, media: parseMediaType(media.for ?? 'application/json') } as typeof plan;
  const st = inner.kind === 'mutate' ? mutateStatement(inner) : inner.kind === 'read' ? readStatements(inner, maxRows).main : callStatements(inner).main;
  const opts = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => PLAN_OPTIONS[o]).filter((o): o is string => o !== undefined)];
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (${opts.join(', ')}) ${st.sql}`, st.params);
  const body =
    media.format === 'json'
      ? typeof rows[0]?.['QUERY PLAN'] === 'string' ? (rows[0]['QUERY PLAN'] as string) : JSON.stringify(rows[0]?.['QUERY PLAN'])
      : rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  return { status: 200, headers: { 'content-type': contentTypeOf(media) }, body };
}

/** Runs a planned request in one transaction under the caller's role; answers in PostgREST's shape. */
export async function executePlan(opts: ExecuteOptions, plan: ReadPlan | MutatePlan | CallPlan): Promise<RestResponse> {
  const authenticated = opts.request.role !== 'anon';
  try {
    return await opts.asRole({ ...opts.request, settings: transactionSettings(opts, plan) }, async (tx) => {
      let response: RestResponse;
      if (plan.media.kind === 'plan') {
        response = await explain(tx, plan, opts.maxRows);
      } else if (plan.kind === 'mutate') {
        const st = mutateStatement(plan);
        const row = (await tx.query<ResultRow>(st.sql, st.params)).rows[0]!;
        response = applyGucOverrides(mutateResponse(plan, row), row.response_headers, row.response_status);
      } else {
        const { main, planned } = plan.kind === 'read' ? readStatements(plan, opts.maxRows) : callStatements(plan);
        const row = (await tx.query<ResultRow>(main.sql, main.params)).rows[0]!;
        let total = num(row.total_result_set);
        if (planned && (plan.count === 'planned' || (total !== undefined && total > opts.maxRows))) total = await plannedTotal(tx, planned);
        const loc = plan.kind === 'read' ? contentLocation(plan, plan.canonical) : undefined;
        response = applyGucOverrides(readResponse(plan, row, total, loc), row.response_headers, row.response_status);
      }
      if (plan.tx === 'rollback') {
        await tx.exec('SET CONSTRAINTS ALL IMMEDIATE');
        throw new RollbackWith(response);
      }
      return response;
    });
  } catch (err) {
    if (err instanceof RollbackWith) return err.response;
    if (err instanceof ApiError) return errorResponse(err);
    if (isPgError(err)) return errorResponse(apiErrorFromPg(err, authenticated));
    throw err;
  }
}
