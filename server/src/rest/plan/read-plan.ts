import { ApiError, errors } from '../errors/api-error.ts';
import type { Field, LogicTree, OrderTerm, QueryParams, SelectItem } from '../parse/types.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { findTable } from '../schema-cache/schema-cache.ts';
import type { QualifiedName, Relationship, Table } from '../schema-cache/types.ts';
import { quoteIdent } from '../sql/sql-builder.ts';
import { resolveRelationship } from './resolve-relationship.ts';
import type { BoundField, PlannedCondition, PlannedOrder, PlannedSelect, ReadNode } from './types.ts';

export interface ReadTreeOptions {
  cache: SchemaCache;
  relation: QualifiedName;
  /** SQL qualifier of the root (`"public"."users"` for reads, `"users"` over a CTE). */
  rootQualifier: string;
  /** Alias the root is reachable by as a whole row (computed relationships). */
  rootAlias?: string;
  query: QueryParams;
  /** Applied to every node (undefined: unlimited). */
  maxRows?: number;
  /** Limit/offset apply to the root (false for mutations, where v13+ ignores them). */
  rootRange: boolean;
  /** Root filters and logic trees shape the root (false for mutations: they go to the WHERE of the mutation). */
  rootFilters?: boolean;
}

function bind(table: Table | undefined, f: Field): BoundField {
  return { ...f, column: table?.columnsByName.get(f.name) };
}

function outputKey(f: Field, alias: string | undefined): string | undefined {
  if (alias !== undefined) return alias;
  if (f.name === '*') return undefined;
  for (let i = f.path.length - 1; i >= 0; i--) if (!f.path[i]!.index) return f.path[i]!.key;
  return f.name;
}

export function isToOne(rel: Relationship | undefined): boolean {
  if (!rel) return false;
  return rel.kind === 'computed' ? rel.toOne : rel.cardinality === 'm2o' || rel.cardinality === 'o2o';
}

class TreeBuilder {
  private readonly used = new Set<string>();
  private readonly opts: ReadTreeOptions;
  constructor(opts: ReadTreeOptions) {
    this.opts = opts;
  }

  private unique(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}_${n}`;
    this.used.add(name);
    return name;
  }

  root(): ReadNode {
    const { cache, relation, rootQualifier, query } = this.opts;
    const table = findTable(cache, relation.schema, relation.name);
    this.used.add(relation.name);
    const node: ReadNode = {
      relation,
      table,
      name: relation.name,
      key: relation.name,
      depth: 0,
      qualifier: rootQualifier,
      fromAlias: this.opts.rootAlias,
      aggAlias: relation.name,
      select: [],
      children: [],
      where: [],
      order: [],
      offset: 0,
      spread: false,
      emptyEmbed: false,
      hasAggregates: false,
    };
    this.fill(node, query.select);
    return node;
  }

  private fill(node: ReadNode, items: SelectItem[]): void {
    for (const item of items) {
      if (item.kind === 'column') {
        if (item.aggregate && !this.opts.cache.settings.aggregatesEnabled) throw errors.aggregatesNotAllowed();
        if (item.aggregate) node.hasAggregates = true;
        const sel: PlannedSelect = { field: bind(node.table, item.field), cast: item.cast, aggregate: item.aggregate, aggregateCast: item.aggregateCast };
        sel.key = item.aggregate && item.alias === undefined ? item.aggregate : outputKey(item.field, item.alias);
        node.select.push(sel);
        continue;
      }
      const rel = resolveRelationship(this.opts.cache, node.relation, item.name, item.hint);
      const relation = rel.foreignTable;
      const depth = node.depth + 1;
      const key = item.alias ?? item.name;
      const fromAlias = this.unique(`${relation.name}_${depth}`);
      const child: ReadNode = {
        relation,
        table: findTable(this.opts.cache, relation.schema, relation.name),
        name: item.name,
        alias: item.alias,
        key,
        depth,
        qualifier: quoteIdent(fromAlias),
        fromAlias,
        aggAlias: `${node.relation.name}_${key}_${depth}`,
        select: [],
        children: [],
        where: [],
        order: [],
        offset: 0,
        rel,
        joinType: item.joinType,
        spread: item.spread,
        emptyEmbed: item.children.length === 0,
        hasAggregates: false,
      };
      this.fill(child, item.children);
      if (child.spread && !isToOne(rel) && (child.hasAggregates || child.children.some((c) => c.hasAggregates))) {
        throw errors.notImplemented('Aggregates are not implemented for one-to-many or many-to-many spreads.');
      }
      // PostgREST names each embed's join after parent, key and depth; the same embed twice
      // collides in SQL. Answer with the error PostgreSQL gives PostgREST.
      if (node.children.some((c) => c.aggAlias === child.aggAlias)) {
        throw new ApiError(400, '42712', `table name "${child.aggAlias}" specified more than once`);
      }
      node.children.push(child);
    }
  }
}

/** The embed a filter/order path names (by alias or name), or PGRST108. */
function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.alias === name) ?? node.children.find((c) => c.name === name && c.alias === undefined) ?? node.children.find((c) => c.name === name);
    if (!next) throw errors.notEmbedded(name);
    node = next;
  }
  return node;
}

function embedNamed(node: ReadNode, name: string): ReadNode | undefined {
  return node.children.find((c) => c.alias === name) ?? node.children.find((c) => c.name === name && c.alias === undefined);
}

function condition(node: ReadNode, t: LogicTree): PlannedCondition {
  if (t.kind === 'expr') return { kind: 'logic', negated: t.negated, op: t.op, children: t.children.map((c) => condition(node, c)) };
  const { field, expr } = t.filter;
  const embed = field.path.length === 0 ? embedNamed(node, field.name) : undefined;
  if (embed) {
    const op = expr.operation;
    if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null')) {
      throw new ApiError(400, 'PGRST120', `Bad operator on the '${field.name}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
    }
    return { kind: 'null-embed', child: embed, negated: expr.negated, value: op.value };
  }
  return { kind: 'filter', field: bind(node.table, field), negated: expr.negated, operation: expr.operation };
}

function order(node: ReadNode, t: OrderTerm): PlannedOrder {
  if (t.relation === undefined) return { field: bind(node.table, t.field), direction: t.direction, nulls: t.nulls };
  const child = embedNamed(node, t.relation);
  if (!child) throw errors.notEmbedded(t.relation);
  if (!isToOne(child.rel)) throw errors.relatedOrderNotToOne(node.relation.name, t.relation);
  return { field: bind(child.table, t.field), child, direction: t.direction, nulls: t.nulls };
}

function applyMaxRows(node: ReadNode, maxRows: number | undefined): void {
  if (maxRows !== undefined) node.limit = node.limit === undefined ? maxRows : Math.min(node.limit, maxRows);
  for (const c of node.children) applyMaxRows(c, maxRows);
}

/** The read tree for a request: select resolved to relationships, filters/order/ranges attached. */
export function buildReadTree(opts: ReadTreeOptions): ReadNode {
  const root = new TreeBuilder(opts).root();
  const q = opts.query;
  const rootFilters = opts.rootFilters ?? true;
  for (const f of q.filters) {
    if (!rootFilters && f.path.length === 0) continue;
    const node = nodeAt(root, f.path);
    node.where.push(condition(node, { kind: 'filter', filter: f.value }));
  }
  for (const l of q.logic) {
    if (!rootFilters && l.path.length === 0) continue;
    const node = nodeAt(root, l.path);
    node.where.push(condition(node, l.value));
  }
  for (const o of q.order) {
    const node = nodeAt(root, o.path);
    node.order.push(...o.value.map((t) => order(node, t)));
  }
  for (const [k, r] of q.ranges) {
    const path = k === '' ? [] : k.split('\0');
    if (path.length === 0 && !opts.rootRange) continue;
    const node = nodeAt(root, path);
    node.offset = r.offset;
    node.limit = r.limit;
  }
  for (const c of root.children) applyMaxRows(c, opts.maxRows);
  if (opts.maxRows !== undefined && opts.rootRange) root.limit = root.limit === undefined ? opts.maxRows : Math.min(root.limit, opts.maxRows);
  return root;
}

/** The root-level filters and logic trees as conditions (the WHERE of an UPDATE/DELETE). */
export function rootConditions(root: ReadNode, q: QueryParams): PlannedCondition[] {
  return [
    ...q.filters.filter((f) => f.path.length === 0).map((f) => condition(root, { kind: 'filter', filter: f.value })),
    ...q.logic.filter((l) => l.path.length === 0).map((l) => condition(root, l.value)),
  ];
}
