import type { Db } from '../../db/db-types.ts';
import type { ChangeBinding } from './change-types.ts';

/**
 * Whether Supabase Realtime could create these postgres_changes subscriptions: it inserts one
 * row per table of the `supabase_realtime` publication matching the binding (schema and table
 * may be '*'), and a trigger refuses a filter on a column the table lacks. All bindings of a
 * channel are created in one transaction, so the first failure is the channel's: no changes
 * for any of them, and this message in a `system` event with status "error" (the texts are
 * upstream's, lib/extensions/postgres_cdc_rls/subscriptions.ex).
 */
export async function bindingProblem(db: Db, bindings: readonly ChangeBinding[]): Promise<string | undefined> {
  for (const b of bindings) {
    if (b.problem) return b.problem;
    const like = (v: string | undefined) => (v === undefined || v === '*' ? '%' : v);
    const { rows } = await db.query<{ columns: string[] }>(
      `select array(select a.attname::text from pg_attribute a
                    where a.attrelid = format('%I.%I', pt.schemaname, pt.tablename)::regclass and a.attnum > 0 and not a.attisdropped) as columns
         from pg_publication_tables pt
        where pt.pubname = 'supabase_realtime' and pt.schemaname like $1 escape '' and pt.tablename like $2 escape ''`,
      [like(b.schema), like(b.table)],
    );
    const params = paramsToLog(b);
    if (rows.length === 0) {
      return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${params}]`;
    }
    for (const f of b.filter ?? []) {
      if (rows.some((r) => !r.columns.includes(f.column))) {
        return (
          'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ' +
          `[${params}]. Exception: ERROR P0001 (raise_exception) invalid column for filter ${f.column}`
        );
      }
    }
    for (const col of b.select ?? []) {
      if (rows.some((r) => !r.columns.includes(col))) {
        return (
          'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ' +
          `[${params}]. Exception: ERROR P0001 (raise_exception) invalid column for select ${col}`
        );
      }
    }
  }
  return undefined;
}

/** Upstream's `params_to_log`: `event: INSERT, schema: public, table: t, filters: [...], select: nil`. */
function paramsToLog(b: ChangeBinding): string {
  const filters = (b.filter ?? []).map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(Array.isArray(f.value) ? `(${f.value.join(',')})` : f.value)}, ${f.negate}}`);
  const select = b.select ? `[${b.select.map((c) => JSON.stringify(c)).join(', ')}]` : 'nil';
  return `event: ${b.event}, schema: ${b.schema}, table: ${b.table ?? '*'}, filters: [${filters.join(', ')}], select: ${select}`;
}
