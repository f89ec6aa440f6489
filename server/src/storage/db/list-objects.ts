import type { Queryable } from '../../db/db-types.ts';
import { iso } from './bucket-rows.ts';

const V1_SORT = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ListV1Options {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: string;
  desc: boolean;
}

interface V1Row {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
}

/**
 * list(): one level under `prefix` (upstream's storage.search). Files directly under it by
 * their name relative to the prefix; each deeper folder once, with null fields. The prefix
 * and `search` match case-insensitively. Name order is lower-cased byte order with folders
 * and files interleaved; other orders put folders first. Only rows RLS lets `q` see count.
 */
export async function listV1(q: Queryable, bucket: string, o: ListV1Options) {
  const column = V1_SORT.has(o.column) ? o.column : 'name';
  const dir = o.desc ? 'desc' : 'asc';
  const order =
    column === 'name'
      ? `lower(name) collate "C" ${dir}, name collate "C" ${dir}`
      : `is_folder desc, case when is_folder then lower(name) end collate "C" ${dir}, ${column} ${dir}, name collate "C"`;
  const { rows } = await q.query<V1Row>(
    `with matched as (
       select name as full_name, id, updated_at, created_at, last_accessed_at, metadata,
              substr(name, char_length($2) + 1) as rest
       from storage.objects
       where bucket_id = $1 and lower(name) like $3
     ), entries as (
       select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
       from matched where strpos(rest, '/') > 0
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata, false
       from matched where strpos(rest, '/') = 0 and rest <> ''
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
     order by ${order} limit $4 offset $5`,
    [bucket, o.prefix, `${escapeLike((o.prefix + o.search).toLowerCase())}%`, o.limit, o.offset],
  );
  return rows.map((r) => ({ ...r, updated_at: iso(r.updated_at), created_at: iso(r.created_at), last_accessed_at: iso(r.last_accessed_at) }));
}

export interface ListV2Options {
  prefix: string;
  delimiter: boolean;
  limit: number;
  column: 'name' | 'created_at' | 'updated_at';
  desc: boolean;
  /** Continue after this key (and, for date orders, this column value). */
  afterKey?: string;
  afterValue?: string;
}

export interface V2Row {
  key: string;
  id: string | null;
  is_folder: boolean;
  /** The sort column's value as text, for the next cursor. */
  cursor_value: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
  version: string | null;
}

/**
 * list-v2: every key under `prefix` (case-sensitive, as S3), or with the delimiter the next
 * level grouped into `prefix/<folder>/` entries; keyset-paginated on (sort column, key).
 * Returns up to `limit + 1` rows so the caller can tell whether there is more.
 */
export async function listV2(q: Queryable, bucket: string, o: ListV2Options): Promise<V2Row[]> {
  const dir = o.desc ? 'desc' : 'asc';
  const cmp = o.desc ? '<' : '>';
  const keyExpr = o.delimiter
    ? `case when strpos(substr(name, char_length($2) + 1), '/') > 0
         then $2 || split_part(substr(name, char_length($2) + 1), '/', 1) || '/' else name end`
    : 'name';
  const params: unknown[] = [bucket, o.prefix, o.limit + 1];
  const byName = o.column === 'name';
  let after = '';
  if (o.afterKey !== undefined) {
    if (byName) after = `where key collate "C" ${cmp} $${params.push(o.afterKey)}`;
    else if (o.afterValue !== undefined) {
      after = `where (sort_value, key collate "C") ${cmp} ($${params.push(o.afterValue)}::timestamptz, $${params.push(o.afterKey)})`;
    }
  }
  const sortCol = byName ? 'null::timestamptz' : o.column;
  const { rows } = await q.query<V2Row>(
    `with keyed as (
       select ${keyExpr} as key, name, id, version, metadata, updated_at, created_at, last_accessed_at, ${sortCol} as sort_col
       from storage.objects where bucket_id = $1 and starts_with(name, $2)
     ), entries as (
       select key, null::uuid as id, true as is_folder, min(sort_col) as sort_value, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, null::text as version
       from keyed where key <> name group by key
       union all
       select key, id, false, sort_col, updated_at, created_at, last_accessed_at, metadata, version
       from keyed where key = name
     )
     select key, id, is_folder, sort_value::text as cursor_value, updated_at, created_at, last_accessed_at, metadata, version
     from entries ${after}
     order by ${byName ? '' : `entries.sort_value ${dir},`} entries.key collate "C" ${dir}
     limit $3`,
    params,
  );
  return rows;
}
