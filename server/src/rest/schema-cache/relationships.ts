import type { ForeignKey, ViewColumnSource } from './load-keys.ts';
import { qiKey, type ComputedRelationship, type FkRelationship, type QualifiedName, type Relationship, type Table } from './types.ts';

const same = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name;

/** The view's columns for the given base columns (all must be exposed), or undefined. */
function viewColumns(src: ViewColumnSource, table: QualifiedName, cols: string[]): string[] | undefined {
  const out: string[] = [];
  for (const c of cols) {
    let found: string | undefined;
    for (const [vcol, s] of src.columns) {
      if (same(s.table, table) && s.column === c) {
        found = vcol;
        break;
      }
    }
    if (found === undefined) return undefined;
    out.push(found);
  }
  return out;
}

/** Primary keys of views: the base table's PK, when the view exposes all of its columns. */
export function addViewPrimaryKeys(tables: Map<string, Table>, sources: ViewColumnSource[]): void {
  for (const src of sources) {
    const view = tables.get(qiKey(src.view));
    if (!view || view.pk.length > 0) continue;
    const bases = new Map<string, QualifiedName>();
    for (const s of src.columns.values()) bases.set(qiKey(s.table), s.table);
    for (const base of bases.values()) {
      const t = tables.get(qiKey(base));
      const pk = t?.pk ?? [];
      if (pk.length === 0) continue;
      const cols = viewColumns(src, base, pk);
      if (cols) {
        view.pk = cols;
        break;
      }
    }
  }
}

/**
 * Every relationship PostgREST derives (`rest.md` §14.2): many-to-one and its inverse (or
 * one-to-one both ways) for each FK, the same through views exposing the key columns,
 * many-to-many through junction tables whose PK covers both FKs, then computed relationships
 * replacing FK ones of the same name.
 */
export function deriveRelationships(
  fks: ForeignKey[],
  sources: ViewColumnSource[],
  tables: Map<string, Table>,
  computed: ComputedRelationship[],
  pkOf: (q: QualifiedName) => string[],
): Relationship[] {
  const direct: FkRelationship[] = [];
  const viewsOver = (t: QualifiedName) => sources.filter((s) => [...s.columns.values()].some((c) => same(c.table, t)));
  for (const fk of fks) {
    const card = fk.oneToOne ? 'o2o' : 'm2o';
    const base = (table: QualifiedName, ftable: QualifiedName, cols: [string, string][], tv: boolean, fv: boolean): FkRelationship => ({
      kind: 'fk',
      table,
      foreignTable: ftable,
      isSelf: same(table, ftable),
      cardinality: card,
      constraint: fk.constraint,
      columns: cols,
      isParent: card === 'o2o' ? false : undefined,
      tableIsView: tv,
      foreignTableIsView: fv,
    });
    direct.push(base(fk.table, fk.foreignTable, fk.columns, false, false));
    const fromViews = viewsOver(fk.table)
      .map((v) => ({ v, cols: viewColumns(v, fk.table, fk.columns.map((c) => c[0])) }))
      .filter((x): x is { v: ViewColumnSource; cols: string[] } => x.cols !== undefined);
    const toViews = viewsOver(fk.foreignTable)
      .map((v) => ({ v, cols: viewColumns(v, fk.foreignTable, fk.columns.map((c) => c[1])) }))
      .filter((x): x is { v: ViewColumnSource; cols: string[] } => x.cols !== undefined);
    for (const a of fromViews) direct.push(base(a.v.view, fk.foreignTable, a.cols.map((c, i) => [c, fk.columns[i]![1]]), true, false));
    for (const b of toViews) direct.push(base(fk.table, b.v.view, fk.columns.map((c, i) => [c[0], b.cols[i]!]), false, true));
    for (const a of fromViews) for (const b of toViews) direct.push(base(a.v.view, b.v.view, a.cols.map((c, i) => [c, b.cols[i]!]), true, true));
  }
  const inverse: FkRelationship[] = direct.map((r) => ({
    ...r,
    table: r.foreignTable,
    foreignTable: r.table,
    cardinality: r.cardinality === 'm2o' ? 'o2m' : 'o2o',
    columns: r.columns.map(([a, b]) => [b, a]),
    isParent: r.cardinality === 'o2o' ? true : undefined,
    tableIsView: r.foreignTableIsView,
    foreignTableIsView: r.tableIsView,
  }));
  const m2m: FkRelationship[] = [];
  const byTable = new Map<string, FkRelationship[]>();
  for (const r of direct) if (r.cardinality === 'm2o' || r.cardinality === 'o2o') {
    const k = qiKey(r.table);
    byTable.set(k, [...(byTable.get(k) ?? []), r]);
  }
  for (const [jk, rels] of byTable) {
    const pk = new Set(pkOf(rels[0]!.table));
    if (pk.size === 0 || !tables.has(jk)) continue;
    for (const r1 of rels) for (const r2 of rels) {
      if (r1.constraint === r2.constraint) continue;
      const jcols = [...r1.columns.map((c) => c[0]), ...r2.columns.map((c) => c[0])];
      if (!jcols.every((c) => pk.has(c))) continue;
      m2m.push({
        kind: 'fk',
        table: r1.foreignTable,
        foreignTable: r2.foreignTable,
        isSelf: same(r1.foreignTable, r2.foreignTable),
        cardinality: 'm2m',
        constraint: r1.constraint,
        columns: [],
        junction: { table: r1.table, constraint1: r1.constraint, constraint2: r2.constraint, sourceColumns: r1.columns, targetColumns: r2.columns },
        tableIsView: r1.foreignTableIsView,
        foreignTableIsView: r2.foreignTableIsView,
      });
    }
  }
  const all: Relationship[] = [...direct, ...inverse, ...m2m];
  // A computed relationship overrides FK relationships with the same (table, name).
  const overridden = new Set(computed.map((c) => `${qiKey(c.table)}\0${c.function.name}`));
  return [...all.filter((r) => r.kind !== 'fk' || !overridden.has(`${qiKey(r.table)}\0${r.foreignTable.name}`)), ...computed];
}
