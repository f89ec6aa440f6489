import type { MediaType } from '../parse/accept.ts';

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
