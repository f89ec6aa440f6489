import type { Queryable } from '../../db/db-types.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import type { Column, Routine, Table } from '../schema-cache/types.ts';

/** JSON Schema type for a Postgres type, as PostgREST's OpenAPI output names them. */
function jsonType(pgType: string): { type?: string; items?: { type: string } } {
  if (pgType.endsWith('[]')) return { type: 'array', items: { type: jsonType(pgType.slice(0, -2)).type ?? 'string' } };
  if (['smallint', 'integer', 'bigint'].includes(pgType)) return { type: 'integer' };
  if (['numeric', 'real', 'double precision'].includes(pgType) || pgType.startsWith('numeric')) return { type: 'number' };
  if (pgType === 'boolean') return { type: 'boolean' };
  if (pgType === 'json' || pgType === 'jsonb') return {};
  return { type: 'string' };
}

function columnProperty(t: Table, c: Column, fks: Map<string, string>): Record<string, unknown> {
  const notes: string[] = [];
  if (c.description) notes.push(c.description);
  if (t.pk.includes(c.name)) notes.push('Note:\nThis is a Primary Key.<pk/>');
  const fk = fks.get(c.name);
  if (fk) notes.push(`Note:\nThis is a Foreign Key to \`${fk}\`.<fk table='${fk.split('.')[0]}' column='${fk.split('.')[1]}'/>`);
  const p: Record<string, unknown> = { ...jsonType(c.type), format: c.nominalType };
  if (c.default !== null) p.default = c.default;
  if (c.maxLength !== null) p.maxLength = c.maxLength;
  if (c.enum.length) p.enum = c.enum;
  if (notes.length) p.description = notes.join('\n\n');
  return p;
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });

function tablePaths(t: Table): Record<string, unknown> {
  const rowFilters = t.columns.map((c) => ref(`rowFilter.${t.name}.${c.name}`));
  const tags = [t.name];
  const ok = { '200': { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${t.name}` } } }, '206': { description: 'Partial Content' } };
  const ops: Record<string, unknown> = {
    get: { tags, summary: t.description ?? undefined, parameters: [...rowFilters, ref('select'), ref('order'), ref('range'), ref('rangeUnit'), ref('offset'), ref('limit'), ref('preferCount')], responses: ok },
  };
  if (t.insertable) ops.post = { tags, parameters: [ref(`body.${t.name}`), ref('select'), ref('preferPost')], responses: { '201': { description: 'Created' } } };
  if (t.updatable) ops.patch = { tags, parameters: [...rowFilters, ref(`body.${t.name}`), ref('preferReturn')], responses: { '204': { description: 'No Content' } } };
  if (t.deletable) ops.delete = { tags, parameters: [...rowFilters, ref('preferReturn')], responses: { '204': { description: 'No Content' } } };
  return ops;
}

function routinePaths(r: Routine): Record<string, unknown> {
  const tags = ['(rpc) ' + r.name];
  const props = Object.fromEntries(r.params.map((p) => [p.name, { ...jsonType(p.type), format: p.type }]));
  const required = r.params.filter((p) => p.required).map((p) => p.name);
  const post = {
    tags,
    summary: r.description ?? undefined,
    parameters: [{ required: true, schema: { required, type: 'object', properties: props }, in: 'body', name: 'args' }, ref('preferParams')],
    responses: { '200': { description: 'OK' } },
  };
  const ops: Record<string, unknown> = { post };
  if (r.volatility !== 'v') {
    ops.get = { tags, summary: r.description ?? undefined, parameters: r.params.map((p) => ({ format: p.type, in: 'query', name: p.name, required: p.required, type: jsonType(p.type).type ?? 'string' })), responses: { '200': { description: 'OK' } } };
  }
  return ops;
}

/**
 * The Swagger 2.0 document PostgREST serves at its root, in "follow-privileges" mode: only the
 * tables and functions the caller's role may use. Runs inside the caller's transaction.
 */
export async function openApiDocument(tx: Queryable, cache: SchemaCache, schema: string, host: string): Promise<Record<string, unknown>> {
  const tables = await tx.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
       and (pg_has_role(c.relowner, 'USAGE') or has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
            or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))
     order by c.relname`,
    [schema],
  );
  const funcs = await tx.query<{ name: string }>(
    `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and has_function_privilege(p.oid, 'execute')`,
    [schema],
  );
  const desc = await tx.query<{ d: string | null }>(`select obj_description(oid, 'pg_namespace') as d from pg_namespace where nspname = $1`, [schema]);
  const visible = new Set(tables.rows.map((r) => r.name));
  const callable = new Set(funcs.rows.map((r) => r.name));
  const paths: Record<string, unknown> = {
    '/': { get: { produces: ['application/openapi+json', 'application/json'], responses: { '200': { description: 'OK' } }, summary: 'OpenAPI description (this document)', tags: ['Introspection'] } },
  };
  const definitions: Record<string, unknown> = {};
  const parameters: Record<string, unknown> = {
    preferParams: { name: 'Prefer', description: 'Preference', required: false, enum: ['params=single-object'], in: 'header', type: 'string' },
    preferReturn: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none'], in: 'header', type: 'string' },
    preferCount: { name: 'Prefer', description: 'Preference', required: false, enum: ['count=none'], in: 'header', type: 'string' },
    preferPost: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates'], in: 'header', type: 'string' },
    select: { name: 'select', description: 'Filtering Columns', required: false, in: 'query', type: 'string' },
    on_conflict: { name: 'on_conflict', description: 'On Conflict', required: false, in: 'query', type: 'string' },
    order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, default: 'items', in: 'header', type: 'string' },
    offset: { name: 'offset', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
    limit: { name: 'limit', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
  };
  for (const t of cache.tables.values()) {
    if (t.schema !== schema || !visible.has(t.name)) continue;
    const fks = new Map<string, string>();
    for (const r of cache.relationships.get(`${t.schema}\0${t.name}`) ?? []) {
      if (r.kind === 'fk' && r.cardinality !== 'm2m' && r.cardinality !== 'o2m' && !r.isParent && r.columns.length === 1) fks.set(r.columns[0]![0], `${r.foreignTable.name}.${r.columns[0]![1]}`);
    }
    definitions[t.name] = {
      description: t.description ?? undefined,
      required: t.columns.filter((c) => !c.nullable && c.default === null).map((c) => c.name),
      properties: Object.fromEntries(t.columns.map((c) => [c.name, columnProperty(t, c, fks)])),
      type: 'object',
    };
    parameters[`body.${t.name}`] = { name: t.name, description: t.name, required: false, in: 'body', schema: { $ref: `#/definitions/${t.name}` } };
    for (const c of t.columns) parameters[`rowFilter.${t.name}.${c.name}`] = { name: c.name, description: c.description ?? undefined, required: false, format: c.nominalType, in: 'query', type: 'string' };
    paths[`/${t.name}`] = tablePaths(t);
  }
  for (const overloads of cache.routines.values()) {
    const r = overloads[0]!;
    if (r.schema !== schema || !callable.has(r.name)) continue;
    paths[`/rpc/${r.name}`] = routinePaths(r);
  }
  return {
    swagger: '2.0',
    info: { description: desc.rows[0]?.d ?? 'standard public schema', title: 'PostgREST API', version: '14.0' },
    host,
    basePath: '/rest/v1',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
    parameters,
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v14/references/api.html' },
  };
}
