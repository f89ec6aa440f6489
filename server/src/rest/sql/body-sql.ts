import type { MediaType } from '../parse/accept.ts';
import type { Params } from './sql-builder.ts';

export type BodyShape = 'rows' | 'single-composite' | 'scalar' | 'setof-scalar';

/**
 * The `body` expression over `_postgrest_t` (the rows of `pgrst_source`), by media type and
 * result shape. Postgres builds the JSON, so values are formatted exactly as PostgREST's.
 */
export function bodySql(media: MediaType, shape: BodyShape): string {
  const strip = (media.kind === 'object' || media.kind === 'array') && media.stripNulls;
  const s = (x: string) => (strip ? `json_strip_nulls(${x})` : x);
  const value = shape === 'scalar' || shape === 'setof-scalar' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  switch (media.kind) {
    case 'csv':
      return (
        `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM ` +
        `(SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || chr(10) || ` +
        `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`
      );
    case 'geojson':
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text`;
    case 'object':
      return `coalesce(${s(`json_agg(${value})->0`)}, 'null')::text`;
    default:
      if (shape === 'single-composite' || shape === 'scalar') return `coalesce(${s(`json_agg(${value})->0`)}, 'null')::text`;
      return `coalesce(${s(`json_agg(${value})`)}, '[]')::text`;
  }
}

/** The columns every main query returns, read by the response builder. */
export const RESPONSE_COLUMNS =
  `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
  `nullif(current_setting('response.status', true), '') AS response_status`;

/** What a write's result must hold for the request to succeed (`vnd.pgrst.object`, strict max-affected). */
export interface RowCountGuard {
  singular: boolean;
  max?: number;
}

/** Marks the text Postgres echoes when a guard fails, so the server can tell that error apart. */
export const ROW_COUNT_MARK = 'gather-row-count:';

/**
 * A HAVING clause that fails the statement when the row count breaks the guard, so a write
 * rolls back in the same round trip (PostgREST checks before it commits). It fails by casting a
 * marked text to int: no function of ours, so no grant to the API roles.
 */
export function rowCountHaving(pageTotal: string, guard: RowCountGuard | undefined, p: Params): string {
  if (!guard) return '';
  const bad: string[] = [];
  if (guard.singular) bad.push(`${pageTotal} <> 1`);
  if (guard.max !== undefined) bad.push(`${pageTotal} > ${p.typed(String(guard.max), 'bigint')}`);
  if (bad.length === 0) return '';
  return ` HAVING CASE WHEN ${bad.join(' OR ')} THEN ('${ROW_COUNT_MARK}' || ${pageTotal})::int = 0 ELSE true END`;
}
