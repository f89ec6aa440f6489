/** What the REST API knows about the database (PostgREST's schema cache). */

export interface QualifiedName {
  schema: string;
  name: string;
}

export function qiKey(q: QualifiedName): string {
  return `${q.schema}\0${q.name}`;
}

export interface Column {
  name: string;
  description: string | null;
  nullable: boolean;
  /** `format_type` of the column (domains over pg_catalog types reduced to their base type). */
  type: string;
  /** The declared type, with modifiers. */
  nominalType: string;
  maxLength: number | null;
  /** SQL text of the default (identity columns as `nextval('seq')`), from the catalog. */
  default: string | null;
  enum: string[];
  /** Generated (stored) or identity ALWAYS: cannot be written. */
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  description: string | null;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  pk: string[];
  /** In attnum order. */
  columns: Column[];
  columnsByName: Map<string, Column>;
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Junction {
  table: QualifiedName;
  constraint1: string;
  constraint2: string;
  /** (junction column, origin column) pairs. */
  sourceColumns: [string, string][];
  /** (junction column, target column) pairs. */
  targetColumns: [string, string][];
}

export interface FkRelationship {
  kind: 'fk';
  table: QualifiedName;
  foreignTable: QualifiedName;
  isSelf: boolean;
  cardinality: Cardinality;
  constraint: string;
  /** (origin column, foreign column) pairs; empty for m2m. */
  columns: [string, string][];
  junction?: Junction;
  /** o2o: whether `table` holds the referenced key (the parent side). */
  isParent?: boolean;
  tableIsView: boolean;
  foreignTableIsView: boolean;
}

/** `f(tbl) returns [setof] other`: embeds like a relationship named `f`. */
export interface ComputedRelationship {
  kind: 'computed';
  function: QualifiedName;
  table: QualifiedName;
  foreignTable: QualifiedName;
  isSelf: boolean;
  toOne: boolean;
}

export type Relationship = FkRelationship | ComputedRelationship;

export interface RoutineParam {
  name: string;
  /** `regtype` text; used to cast GET arguments. */
  type: string;
  /** For json_to_record: char/bit widened to varying so any length passes. */
  recordType: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  description: string | null;
  params: RoutineParam[];
  /** Return type, as a relation name when composite (table row type, or `record`). */
  returnType: QualifiedName;
  returnsSetOf: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
  hasVariadic: boolean;
  /** Hoisted function settings (`SET statement_timeout = …`). */
  settings: [string, string][];
}

export function routineReturnsScalar(r: Routine): boolean {
  return !r.returnsSetOf && !r.returnsComposite;
}
export function routineReturnsSetOfScalar(r: Routine): boolean {
  return r.returnsSetOf && !r.returnsComposite;
}
export function routineReturnsSingleComposite(r: Routine): boolean {
  return !r.returnsSetOf && r.returnsComposite;
}

/** Role settings PostgREST reads from the database (`ALTER ROLE authenticator SET pgrst.…`). */
export interface DbSettings {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  txEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
}
