import { ApiError } from '../errors/api-error.ts';
import { relationshipsFrom, type SchemaCache } from '../schema-cache/schema-cache.ts';
import type { FkRelationship, QualifiedName, Relationship } from '../schema-cache/types.ts';
import { fuzzyOne, fuzzyRank } from './fuzzy.ts';

function singleCol(r: FkRelationship, side: 0 | 1): string | undefined {
  return r.columns.length === 1 ? r.columns[0]![side] : undefined;
}

function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  if (r.kind === 'computed') return r.function.name === target;
  const ftName = r.foreignTable.name;
  const isO2M = r.cardinality === 'o2m';
  const isM2O = r.cardinality === 'm2o';
  const constraintMatch = (h: string) => r.cardinality !== 'm2m' && r.constraint === h;
  if (r.isSelf) {
    if (hint === undefined) return (target === ftName && isO2M) || (isM2O && singleCol(r, 0) === target);
    return target === ftName && isO2M && singleCol(r, 1) === hint;
  }
  if (hint === undefined) {
    return target === ftName || (constraintMatch(target) && !r.foreignTableIsView) || (singleCol(r, 0) === target && !r.foreignTableIsView);
  }
  return (
    target === ftName &&
    (constraintMatch(hint) || singleCol(r, 0) === hint || singleCol(r, 1) === hint || (r.cardinality === 'm2m' && r.junction?.table.name === hint))
  );
}

const CARDINALITY: Record<FkRelationship['cardinality'], string> = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' };

function describe(r: FkRelationship) {
  const cols = (xs: string[]) => `(${xs.join(', ')})`;
  if (r.cardinality === 'm2m' && r.junction) {
    const j = r.junction;
    return {
      cardinality: CARDINALITY.m2m,
      embedding: `${r.table.name} with ${r.foreignTable.name}`,
      relationship: `${j.table.name} using ${j.constraint1}${cols(j.sourceColumns.map((c) => c[0]))} and ${j.constraint2}${cols(j.targetColumns.map((c) => c[0]))}`,
    };
  }
  return {
    cardinality: CARDINALITY[r.cardinality],
    embedding: `${r.table.name} with ${r.foreignTable.name}`,
    relationship: `${r.constraint} using ${r.table.name}${cols(r.columns.map((c) => c[0]))} and ${r.foreignTable.name}${cols(r.columns.map((c) => c[1]))}`,
  };
}

function noRelationHint(cache: SchemaCache, schema: string, origin: string, target: string): string | null {
  const originRels = relationshipsFrom(cache, { schema, name: origin });
  if (originRels.length > 0) {
    const names = originRels.map((r) => r.foreignTable.name);
    const best = fuzzyRank(names, target).find((x) => x.score < 1);
    return best ? `Perhaps you meant '${best.value}' instead of '${target}'.` : null;
  }
  const origins = new Set<string>();
  for (const rels of cache.relationships.values()) for (const r of rels) if (r.table.schema === schema) origins.add(r.table.name);
  const p = fuzzyOne(origins, origin);
  return p ? `Perhaps you meant '${p}' instead of '${origin}'.` : null;
}

/** The relationship `origin?select=target!hint(...)` names (`rest.md` §14.3), or PGRST200/201. */
export function resolveRelationship(cache: SchemaCache, origin: QualifiedName, target: string, hint: string | undefined): Relationship {
  const found = relationshipsFrom(cache, origin).filter((r) => r.foreignTable.schema === origin.schema && matches(r, target, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${origin.schema}', but no matches were found.`,
      noRelationHint(cache, origin.schema, origin.name, target),
    );
  }
  const fks = found.filter((r): r is FkRelationship => r.kind === 'fk');
  const hints = fks.map((r) => `'${r.foreignTable.name}!${r.cardinality === 'm2m' && r.junction ? r.junction.table.name : r.constraint}'`);
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${target}'`,
    fks.map(describe),
    `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
