import type { Db, QueryResult, RequestContext, Statement } from '../../db/db-types.ts';
import { isPgError } from '../../db/db-types.ts';
import { ApiError, errors } from '../errors/api-error.ts';
import { contentTypeOf, parseMediaType, type MediaType } from '../parse/accept.ts';
import { apiErrorFromPg } from '../errors/pg-error.ts';
import { permissionHint } from '../errors/permission-hint.ts';
import type { CallPlan, MutatePlan, ReadPlan } from '../plan/types.ts';
import { num, mutateResponse, readResponse, type ResultRow } from '../respond/plan-responses.ts';
import { applyGucOverrides, errorResponse, type RestResponse } from '../respond/response.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { callStatements } from '../sql/call-statement.ts';
import { mutateStatement } from '../sql/mutate-statement.ts';
import { readStatements } from '../sql/read-statement.ts';
import { quoteIdent } from '../sql/sql-builder.ts';
import { ROW_COUNT_MARK, type RowCountGuard } from '../sql/body-sql.ts';

export interface ExecuteOptions {
  cache: SchemaCache;
  maxRows: number;
  extraSearchPath: string[];
  statementTimeoutMs: number;
  /** Identity and request settings for `Db.runAsRole`. */
  request: Omit<RequestContext, 'settings' | 'readOnly'>;
  runAsRole: Db['runAsRole'];
}

const TIMEZONES = new Set(Intl.supportedValuesOf('timeZone').map((z) => z.toLowerCase()).concat(['utc', 'gmt']));

/** search_path by schema and extra search path (a handful of each per server). */
const searchPaths = new WeakMap<string[], Map<string, string>>();

function searchPath(schema: string, extra: string[]): string {
  let bySchema = searchPaths.get(extra);
  if (!bySchema) searchPaths.set(extra, (bySchema = new Map()));
  let path = bySchema.get(schema);
  if (path === undefined) {
    // As PostgREST: the schema, then the extra search path, duplicates and all.
    path = [schema, ...extra].map(quoteIdent).join(', ');
    if (bySchema.size < 100) bySchema.set(schema, path);
  }
  return path;
}

function transactionSettings(opts: ExecuteOptions, plan: ReadPlan | MutatePlan | CallPlan): Record<string, string> {
  const s: Record<string, string> = { search_path: searchPath(plan.schema, opts.extraSearchPath) };
  if (opts.statementTimeoutMs > 0) s['statement_timeout'] = String(opts.statementTimeoutMs);
  for (const [k, v] of opts.cache.roleSettings.get(opts.request.role) ?? []) s[k] = v;
  if (plan.kind === 'call') for (const [k, v] of plan.routine.settings) s[k] = v;
  if (plan.prefs.timezone && TIMEZONES.has(plan.prefs.timezone.toLowerCase())) s['timezone'] = plan.prefs.timezone;
  // Read-only in the same set_config call, instead of a separate SET TRANSACTION.
  if (plan.readOnly) s['transaction_read_only'] = 'on';
  return s;
}

function contentLocation(plan: ReadPlan, query: string): string {
  return `/${plan.table.name}${query ? `?${query}` : ''}`;
}

function plannedTotal(r: QueryResult<Record<string, unknown>> | undefined): number | undefined {
  const first = r?.rows[0] ? Object.values(r.rows[0])[0] : undefined;
  const plan = (typeof first === 'string' ? JSON.parse(first) : first) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'];
}

const PLAN_OPTIONS: Record<string, string> = { analyze: 'ANALYZE', verbose: 'VERBOSE', settings: 'SETTINGS', buffers: 'BUFFERS', wal: 'WAL' };

/** `Accept: application/vnd.pgrst.plan`: EXPLAIN of the main query instead of its result. */
function explainStatement(plan: ReadPlan | MutatePlan | CallPlan, maxRows: number): Statement {
  const media = plan.media;
  if (media.kind !== 'plan') throw new Error('not a plan request');
  const inner = { ...plan, media: parseMediaType(media.for ?? 'application/json') } as typeof plan;
  const st = inner.kind === 'mutate' ? mutateStatement(inner) : inner.kind === 'read' ? readStatements(inner, maxRows).main : callStatements(inner).main;
  const opts = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => PLAN_OPTIONS[o]).filter((o): o is string => o !== undefined)];
  return { sql: `EXPLAIN (${opts.join(', ')}) ${st.sql}`, params: st.params };
}

function explainResponse(plan: ReadPlan | MutatePlan | CallPlan, rows: { 'QUERY PLAN': unknown }[]): RestResponse {
  const media = plan.media as Extract<MediaType, { kind: 'plan' }>;
  const body =
    media.format === 'json'
      ? typeof rows[0]?.['QUERY PLAN'] === 'string' ? (rows[0]['QUERY PLAN'] as string) : JSON.stringify(rows[0]?.['QUERY PLAN'])
      : rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  return { status: 200, headers: { 'content-type': contentTypeOf(media) }, body };
}

/**
 * The row count a write must have for the request to succeed: a single object
 * (`vnd.pgrst.object`) or strict max-affected. PostgREST checks these before it commits; here the
 * statement itself fails on a violation, so the write rolls back in the same round trip.
 * Read-only requests are checked in Node afterwards.
 */
function rowCountGuard(plan: MutatePlan | CallPlan): RowCountGuard | undefined {
  if (plan.readOnly || plan.tx === 'rollback') return undefined;
  const singular = plan.media.kind === 'object';
  const strict = plan.prefs.handling === 'strict' ? plan.prefs.maxAffected : undefined;
  const max = plan.kind === 'call' || plan.mutation === 'update' || plan.mutation === 'delete' ? strict : undefined;
  return singular || max !== undefined ? { singular, max } : undefined;
}

/** The row count a guard refused, from the error Postgres raised for it. */
function guardCount(err: unknown): number | undefined {
  if (!isPgError(err) || err.code !== '22P02') return undefined;
  const m = new RegExp(`"${ROW_COUNT_MARK}(\\d+)"`).exec(err.message);
  return m ? Number(m[1]) : undefined;
}

/** Runs a planned request in one transaction under the caller's role; answers in PostgREST's shape. */
/** `prepared`: the main statement of a read, when the shape cache already built it. */
export async function executePlan(opts: ExecuteOptions, plan: ReadPlan | MutatePlan | CallPlan, prepared?: Statement): Promise<RestResponse> {
  const authenticated = opts.request.role !== 'anon';
  const ctx = { ...opts.request, settings: transactionSettings(opts, plan) };
  const rollback = plan.tx === 'rollback';
  const guard = plan.kind === 'read' ? undefined : rowCountGuard(plan);
  const statements: Statement[] = [];
  let planned: Statement | undefined;
  if (plan.media.kind === 'plan') statements.push(explainStatement(plan, opts.maxRows));
  else if (plan.kind === 'mutate') statements.push(mutateStatement(plan, guard));
  else {
    const st = prepared ? { main: prepared, planned: undefined } : plan.kind === 'read' ? readStatements(plan, opts.maxRows) : callStatements(plan, guard);
    statements.push(st.main);
    planned = st.planned;
    if (planned) statements.push(planned);
  }
  // Deferred constraints fail the request before it is rolled back, as they would at COMMIT.
  if (rollback) statements.push({ sql: 'SET CONSTRAINTS ALL IMMEDIATE' });
  try {
    const results = await opts.runAsRole(ctx, statements, { rollback });
    let response: RestResponse;
    if (plan.media.kind === 'plan') {
      response = explainResponse(plan, results[0]!.rows as { 'QUERY PLAN': unknown }[]);
    } else if (plan.kind === 'mutate') {
      const row = results[0]!.rows[0] as unknown as ResultRow;
      response = applyGucOverrides(mutateResponse(plan, row), row.response_headers, row.response_status);
    } else {
      const row = results[0]!.rows[0] as unknown as ResultRow;
      let total = num(row.total_result_set);
      if (planned && (plan.count === 'planned' || (total !== undefined && total > opts.maxRows))) total = plannedTotal(results[1]);
      const loc = plan.kind === 'read' ? contentLocation(plan, plan.canonical) : undefined;
      response = applyGucOverrides(readResponse(plan, row, total, loc), row.response_headers, row.response_status);
    }
    return response;
  } catch (err) {
    const refused = guardCount(err);
    // The same error the checks in Node give: singular first, then max-affected.
    if (refused !== undefined) return errorResponse(guard?.singular && refused !== 1 ? errors.singular(refused) : errors.maxAffected(refused));
    if (err instanceof ApiError) return errorResponse(err);
    if (isPgError(err)) {
      const hint = await permissionHint(err, plan, ctx, opts.runAsRole);
      return errorResponse(apiErrorFromPg(hint ? { ...err, message: err.message, hint } : err, authenticated));
    }
    throw err;
  }
}
