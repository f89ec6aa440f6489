import type { Introspection, PgType } from './introspect.ts';
import { union, type TsType } from './ts-layout.ts';

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING = new Set([
  'bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector', 'interval',
]);

/**
 * A Postgres type name as the CLI's TypeScript type (postgres-meta's `pgTypeToTsType`): scalars,
 * `Json`, arrays, and enums, composite types and row types by reference into `Database` when their
 * schema is generated. Anything else (ranges, geometry, …) is `unknown`, as there.
 */
export function pgTypeToTs(model: Introspection, schema: string, pgType: string): TsType {
  if (pgType === 'bool') return 'boolean';
  if (NUMBER.has(pgType)) return 'number';
  if (STRING.has(pgType)) return 'string';
  if (pgType === 'json' || pgType === 'jsonb') return 'Json';
  if (pgType === 'void') return 'undefined';
  if (pgType === 'record') return 'Record<string, unknown>';
  if (pgType.startsWith('_')) return { kind: 'array', of: pgTypeToTs(model, schema, pgType.slice(1)) };
  const generated = (s: string) => model.schemas.includes(s);
  const pick = (list: PgType[]) => list.find((t) => t.schema === schema) ?? list[0]!;

  const enums = model.types.filter((t) => t.name === pgType && t.enums.length > 0);
  if (enums.length > 0) {
    const e = pick(enums);
    if (generated(e.schema)) return `Database[${JSON.stringify(e.schema)}]["Enums"][${JSON.stringify(e.name)}]`;
    return union(e.enums.map((v) => JSON.stringify(v)));
  }
  const composites = model.types.filter((t) => t.name === pgType && t.attributes.length > 0);
  if (composites.length > 0) {
    const c = pick(composites);
    return generated(c.schema) ? `Database[${JSON.stringify(c.schema)}]["CompositeTypes"][${JSON.stringify(c.name)}]` : 'unknown';
  }
  // Row types by reference: plain tables and views only, as postgres-meta looks them up.
  for (const [kind, section] of [
    ['table', 'Tables'],
    ['view', 'Views'],
  ] as const) {
    const rels = model.relations.filter((r) => r.name === pgType && r.kind === kind);
    if (rels.length > 0) {
      const r = rels.find((x) => x.schema === schema) ?? rels[0]!;
      return generated(r.schema) ? `Database[${JSON.stringify(r.schema)}][${JSON.stringify(section)}][${JSON.stringify(r.name)}]["Row"]` : 'unknown';
    }
  }
  return 'unknown';
}

/** `T | null`, except for types that already include null. */
export function nullable(t: TsType, isNullable: boolean): TsType {
  if (!isNullable || t === 'unknown' || t === 'any') return t;
  return { kind: 'union', members: [t, 'null'] };
}
