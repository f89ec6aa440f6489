import type { MediaType } from '../parse/accept.ts';
import type { Payload } from '../parse/body.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { AggregateFn, Field, IsValue, Operation } from '../parse/types.ts';
import type { Column, QualifiedName, Relationship, Routine, Table } from '../schema-cache/types.ts';

/** A field bound to a relation: its column (when known) decides JSON and text-search handling. */
export interface BoundField extends Field {
  column?: Column;
}

export interface PlannedSelect {
  field: BoundField;
  /** Output key (alias, else the last JSON key, else the column name); undefined for `*`. */
  key?: string;
  cast?: string;
  aggregate?: AggregateFn;
  aggregateCast?: string;
}

export type PlannedCondition =
  | { kind: 'filter'; field: BoundField; negated: boolean; operation: Operation }
  /** `embed=is.null` / `not.is.null`: whether a to-one/to-many embed matched. */
  | { kind: 'null-embed'; child: ReadNode; negated: boolean; value: IsValue }
  | { kind: 'logic'; negated: boolean; op: 'and' | 'or'; children: PlannedCondition[] };

export interface PlannedOrder {
  field: BoundField;
  /** Set when ordering by a to-one embed's column. */
  child?: ReadNode;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** One node of the read tree: the root relation or an embedded one. */
export interface ReadNode {
  relation: QualifiedName;
  table?: Table;
  /** The name used in `select` (relation, FK, column or function name). */
  name: string;
  alias?: string;
  /** The JSON key the embed is written under. */
  key: string;
  depth: number;
  /** SQL qualifier for this node's columns, already quoted (`"public"."users"`, `"users_1"`). */
  qualifier: string;
  /** Unquoted alias of the relation in FROM (embedded nodes). */
  fromAlias?: string;
  /** Unquoted alias of the lateral join carrying this embed. */
  aggAlias: string;
  select: PlannedSelect[];
  children: ReadNode[];
  where: PlannedCondition[];
  order: PlannedOrder[];
  offset: number;
  limit?: number;
  rel?: Relationship;
  joinType?: 'inner' | 'left';
  spread: boolean;
  /** `rel()` with no columns: joined for filtering, writes no key. */
  emptyEmbed: boolean;
  hasAggregates: boolean;
}

export type TxEnd = 'commit' | 'rollback';

interface PlanBase {
  schema: string;
  /** Whether `Content-Profile` is sent (schema chosen by header, or several exposed). */
  sendProfile: boolean;
  prefs: Preferences;
  media: MediaType;
  headOnly: boolean;
  readOnly: boolean;
  tx: TxEnd;
  /** `Preference-Applied` parts, in PostgREST's order. */
  applied: string[];
}

export interface ReadPlan extends PlanBase {
  kind: 'read';
  root: ReadNode;
  count?: Preferences['count'];
  /** The Range header's bounds (GET only), already merged into the root's offset/limit. */
  rangeRequested: boolean;
  table: Table;
  /** Sorted query string, for Content-Location. */
  canonical: string;
}

export interface MutatePlan extends PlanBase {
  kind: 'mutate';
  mutation: 'insert' | 'update' | 'delete' | 'upsert';
  table: Table;
  root: ReadNode;
  /** Columns written (insert/update), in payload or `columns=` order. */
  columns: Column[];
  payload?: Payload;
  /** Conditions on the mutated rows (root filters and logic trees). */
  where: PlannedCondition[];
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  /** Insert with Prefer: missing=default. */
  applyDefaults: boolean;
  returnRepresentation: boolean;
  /** PUT: the primary-key filter values, to check against the body. */
  putPk?: Map<string, string>;
  isPut: boolean;
  /** RETURNING list; empty means `RETURNING 1`. */
  returning: string[] | '*';
  count?: Preferences['count'];
}

export interface CallPlan extends PlanBase {
  kind: 'call';
  routine: Routine;
  root: ReadNode;
  /** JSON body arguments (POST), or text arguments (GET). */
  args:
    | { kind: 'json'; json: string; params: Routine['params'] }
    | { kind: 'text'; values: Map<string, string[]> }
    /** A single unnamed parameter gets the whole body (or the GET arguments as JSON). */
    | { kind: 'positional'; value: string | Buffer; type: string };
  count?: Preferences['count'];
}

export interface OpenApiPlan extends PlanBase {
  kind: 'openapi';
}

export interface OptionsPlan {
  kind: 'options';
  allow: string;
}

export type RequestPlan = ReadPlan | MutatePlan | CallPlan | OpenApiPlan | OptionsPlan;
