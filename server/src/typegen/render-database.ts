import type { Column, FunctionArg, Introspection, PgFunction, Relation, Relationship } from './introspect.ts';
import { nullable, pgTypeToTs } from './pg-to-ts.ts';
import { obj, union, type TsMember, type TsObject, type TsType } from './ts-layout.ts';

/**
 * The `Database` type as postgres-meta's TypeScript template builds it (behind `supabase gen
 * types typescript`): per schema, Tables / Views with Row, Insert, Update and Relationships,
 * Functions with Args and Returns (and SetofOptions), Enums and CompositeTypes.
 */

const VALID_ARG_MODES = new Set(['in', 'inout', 'variadic']);
// json, jsonb, text: the only types PostgREST accepts for a single unnamed argument.
const VALID_UNNAMED_ARG_TYPES = new Set([114, 3802, 25]);
const NEVER: TsMember = { key: '[_ in never]', rawKey: true, type: 'never' };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function renderDatabase(model: Introspection, postgrestVersion: string | undefined): TsObject {
  const columnsOf = new Map<number, Column[]>();
  for (const c of model.columns) {
    const list = columnsOf.get(c.tableId) ?? [];
    list.push(c);
    columnsOf.set(c.tableId, list);
  }
  for (const list of columnsOf.values()) list.sort(byName);
  const relationById = new Map(model.relations.map((r) => [r.id, r]));
  const typeById = new Map(model.types.map((t) => [t.id, t]));
  const rowTypeById = new Map(model.types.filter((t) => t.typeRelationId !== null).map((t) => [t.id, t]));
  const relationships = [...model.relationships].sort(
    (a, b) =>
      a.foreignKeyName.localeCompare(b.foreignKeyName) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
  );

  const tsOf = (schema: string, typeId: number): TsType => {
    const t = typeById.get(typeId);
    return t ? pgTypeToTs(model, schema, t.name) : 'unknown';
  };
  const column = (schema: string, c: Column, optional: boolean, isNullable = c.isNullable): TsMember => ({
    key: c.name,
    optional,
    type: nullable(pgTypeToTs(model, schema, c.format), isNullable),
  });
  const relationshipsOf = (r: Relation): TsType => ({
    kind: 'tuple',
    members: relationships
      .filter((rel) => rel.schema === r.schema && rel.relation === r.name && rel.referencedSchema === r.schema)
      .map((rel: Relationship) =>
        obj([
          { key: 'foreignKeyName', type: JSON.stringify(rel.foreignKeyName) },
          { key: 'columns', type: `[${rel.columns.map((c) => JSON.stringify(c)).join(', ')}]` },
          { key: 'isOneToOne', type: String(rel.isOneToOne) },
          { key: 'referencedRelation', type: JSON.stringify(rel.referencedRelation) },
          { key: 'referencedColumns', type: `[${rel.referencedColumns.map((c) => JSON.stringify(c)).join(', ')}]` },
        ]),
      ),
  });
  const tableNameOf = (relationId: number | null, returnTypeId: number | null): string | null => {
    if (!relationId) return null;
    const rel = relationById.get(relationId);
    if (rel) return rel.name;
    return returnTypeId !== null ? (rowTypeById.get(returnTypeId)?.name ?? null) : null;
  };
  const inArgsOf = (fn: PgFunction) => fn.args.filter((a) => VALID_ARG_MODES.has(a.mode));

  /** postgres-meta's rule for which functions PostgREST can call, so which get types. */
  const callable = (fn: PgFunction): boolean => {
    const inArgs = inArgsOf(fn);
    if (inArgs.length === 0 || !inArgs.some((a) => a.name === '')) return true;
    if (inArgs.every((a) => a.name !== '' || (a.hasDefault && VALID_UNNAMED_ARG_TYPES.has(a.typeId)))) return true;
    return inArgs.length === 1 && (VALID_UNNAMED_ARG_TYPES.has(inArgs[0]!.typeId) || rowTypeById.has(inArgs[0]!.typeId));
  };

  const returnsOf = (schema: string, fn: PgFunction): TsType => {
    const tableArgs = fn.args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) return obj(tableArgs.map((a) => ({ key: a.name, type: tsOf(schema, a.typeId) })));
    const rel = fn.returnTypeRelationId !== null ? relationById.get(fn.returnTypeRelationId) : undefined;
    if (rel && rel.schema === schema) {
      return obj((columnsOf.get(rel.id) ?? []).map((c) => column(schema, c, false)));
    }
    return tsOf(schema, fn.returnTypeId);
  };

  const signature = (schema: string, fn: PgFunction): TsObject => {
    const inArgs = inArgsOf(fn);
    const args: TsType =
      inArgs.length === 0
        ? 'never'
        : obj(inArgs.map((a: FunctionArg) => ({ key: a.name, optional: a.hasDefault, type: tsOf(schema, a.typeId) })), false);
    const members: TsMember[] = [{ key: 'Args', type: args }];
    const rowArgError = inArgs.length === 1 && inArgs[0]!.name === '' && rowTypeById.has(inArgs[0]!.typeId) && !tableNameOf(fn.returnTypeRelationId, fn.returnTypeId);
    if (rowArgError) {
      const msg = `the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`;
      members.push({ key: 'Returns', type: { kind: 'intersection', members: [obj([{ key: 'error', type: 'true' }], false), JSON.stringify(msg)] } });
      return obj(members, false);
    }
    const returnTable = tableNameOf(fn.returnTypeRelationId, fn.returnTypeId);
    const setOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
    const manyRows = fn.prorows !== null && fn.prorows > 1;
    let setof: { from: string; to: string; isOneToOne: boolean; isSetofReturn: boolean } | undefined;
    if (returnTable) setof = { from: '*', to: returnTable, isOneToOne: !manyRows, isSetofReturn: fn.isSetReturning };
    const source = fn.args.length === 1 ? rowTypeById.get(fn.args[0]!.typeId) : undefined;
    if (source && returnTable) {
      setof = setOfTable
        ? { from: source.format, to: returnTable, isOneToOne: !manyRows, isSetofReturn: true }
        : { from: source.format, to: returnTable, isOneToOne: true, isSetofReturn: false };
    }
    const returns = returnsOf(schema, fn);
    const collapse = !manyRows && returnTable !== null;
    members.push({ key: 'Returns', type: fn.isSetReturning && !collapse ? { kind: 'array', of: returns } : returns });
    if (setof) {
      members.push({
        key: 'SetofOptions',
        type: obj([
          { key: 'from', type: JSON.stringify(setof.from) },
          { key: 'to', type: JSON.stringify(setof.to) },
          { key: 'isOneToOne', type: String(setof.isOneToOne) },
          { key: 'isSetofReturn', type: String(setof.isSetofReturn) },
        ]),
      });
    }
    return obj(members, false);
  };

  const schemaMembers = [...model.schemas].sort((a, b) => a.localeCompare(b)).map((schema): TsMember => {
    const fns = model.functions.filter((f) => f.schema === schema && callable(f));
    for (const f of fns) f.args.sort(byName);
    const computed = (rel: Relation): TsMember[] =>
      fns
        .filter((f) => f.argumentTypes === rel.name)
        .map((f) => ({ key: f.name, type: nullable(returnsOf(schema, f), true) }));
    const rels = model.relations.filter((r) => r.schema === schema).sort(byName);

    const tables = rels
      .filter((r) => r.kind === 'table' || r.kind === 'foreign')
      .map((r): TsMember => {
        const cols = columnsOf.get(r.id) ?? [];
        const never = (c: Column) => c.identityGeneration === 'ALWAYS';
        return {
          key: r.name,
          type: obj([
            { key: 'Row', type: obj([...cols.map((c) => column(schema, c, false)), ...computed(r)]) },
            { key: 'Insert', type: obj(cols.map((c) => (never(c) ? { key: c.name, optional: true, type: 'never' } : column(schema, c, c.isNullable || c.isIdentity || c.hasDefault)))) },
            { key: 'Update', type: obj(cols.map((c) => (never(c) ? { key: c.name, optional: true, type: 'never' } : column(schema, c, true)))) },
            { key: 'Relationships', type: relationshipsOf(r) },
          ]),
        };
      });

    const views = rels
      .filter((r) => r.kind === 'view' || r.kind === 'materialized')
      .map((r): TsMember => {
        const cols = columnsOf.get(r.id) ?? [];
        const writable = (c: Column): TsMember => (c.isUpdatable ? column(schema, c, true, true) : { key: c.name, optional: true, type: 'never' });
        const members: TsMember[] = [{ key: 'Row', type: obj([...cols.map((c) => column(schema, c, false)), ...computed(r)]) }];
        if (r.kind === 'view' && r.isUpdatable) {
          members.push({ key: 'Insert', type: obj(cols.map(writable)) }, { key: 'Update', type: obj(cols.map(writable)) });
        }
        members.push({ key: 'Relationships', type: relationshipsOf(r) });
        return { key: r.name, type: obj(members) };
      });

    const groups = new Map<string, PgFunction[]>();
    for (const f of [...fns].sort(byName)) groups.set(f.name, [...(groups.get(f.name) ?? []), f]);
    const functions = [...groups].map(([name, list]): TsMember => {
      list.sort((a, b) => a.argumentTypes.localeCompare(b.argumentTypes) || a.returnType.localeCompare(b.returnType));
      return { key: name, type: union(list.map((f) => signature(schema, f))) };
    });

    const enums = model.types
      .filter((t) => t.schema === schema && t.enums.length > 0)
      .sort(byName)
      .map((t): TsMember => ({ key: t.name, type: union(t.enums.map((v) => JSON.stringify(v))) }));
    const composites = model.types
      .filter((t) => t.schema === schema && t.attributes.length > 0)
      .sort(byName)
      .map((t): TsMember => ({ key: t.name, type: obj(t.attributes.map((a) => ({ key: a.name, type: nullable(tsOf(schema, a.typeId), true) }))) }));

    const section = (key: string, members: TsMember[]): TsMember => ({ key, type: obj(members.length ? members : [NEVER]) });
    return {
      key: schema,
      type: obj([
        section('Tables', tables),
        section('Views', views),
        section('Functions', functions),
        section('Enums', enums),
        section('CompositeTypes', composites),
      ]),
    };
  });

  const internal: TsMember[] = postgrestVersion
    ? [
        {
          key: '__InternalSupabase',
          comment: [
            'Allows to automatically instantiate createClient with right options',
            "instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)",
          ],
          type: obj([{ key: 'PostgrestVersion', type: JSON.stringify(postgrestVersion) }]),
        },
      ]
    : [];
  return obj([...internal, ...schemaMembers]);
}
