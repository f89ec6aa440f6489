/** The parsed form of a request's query string (PostgREST's `QueryParams`). */

export interface JsonStep {
  arrow: '->' | '->>';
  /** A key, or an integer index (kept as text, e.g. "0", "-1"). */
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  path: JsonStep[];
}

export type AggregateFn = 'sum' | 'avg' | 'count' | 'max' | 'min';

export interface SelectColumn {
  kind: 'column';
  /** `*` for a star or `count()` over the rows. */
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFn;
  aggregateCast?: string;
}

export interface SelectEmbed {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectColumn | SelectEmbed;

export type SimpleOp = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type QuantOp = 'eq' | 'gte' | 'gt' | 'lte' | 'lt' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; op: SimpleOp; value: string }
  | { kind: 'quant'; op: QuantOp; quant?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOp; config?: string; value: string };

export interface OpExpr {
  negated: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  /** Set for `rel(field)` terms: order the parent by a to-one embed's column. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** `path` is the embed path (names or aliases); empty for the root. */
export interface AtPath<T> {
  path: string[];
  value: T;
}

export interface QueryParams {
  select: SelectItem[];
  /** Canonical `a=1&b=2`, sorted, for Content-Location. */
  canonical: string;
  filters: AtPath<Filter>[];
  logic: AtPath<LogicTree>[];
  order: AtPath<OrderTerm[]>[];
  /** Per embed path key ("" for the root): offset and limit. */
  ranges: Map<string, { offset: number; limit?: number }>;
  columns?: string[];
  onConflict?: string[];
  /** RPC GET/HEAD arguments (values that are not operator expressions), in order. */
  rpcArgs: [string, string][];
}
