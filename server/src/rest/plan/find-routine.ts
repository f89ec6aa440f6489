import { ApiError } from '../errors/api-error.ts';
import type { ContentKind } from '../parse/body.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { qiKey, type Routine } from '../schema-cache/types.ts';
import { fuzzyOne } from './fuzzy.ts';

function matchesParams(r: Routine, keys: Set<string>, isPost: boolean, content: ContentKind): boolean {
  if (r.params.length === 0) return keys.size === 0 && !(isPost && (content === 'octet' || content === 'text' || content === 'xml'));
  const required = r.params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name));
  const rest = new Set([...keys].filter((k) => !optional.has(k)));
  return rest.size === required.length && required.every((k) => rest.has(k));
}

function singleUnnamed(r: Routine, isPost: boolean, content: ContentKind): boolean {
  if (!isPost || r.params.length !== 1 || r.params[0]!.name !== '') return false;
  const t = r.params[0]!.type;
  return (content === 'json' && (t === 'json' || t === 'jsonb')) || (content === 'text' && t === 'text') || (content === 'xml' && t === 'xml') || (content === 'octet' && t === 'bytea');
}

function paramList(r: Routine): string {
  return r.params.map((p) => `${p.name} => ${p.type}`).join(', ');
}

function signature(r: Routine): string {
  return `${r.schema}.${r.name}(${paramList(r)})`;
}

function noRpcHint(cache: SchemaCache, schema: string, name: string, keys: string[], overloads: Routine[]): string | null {
  if (overloads.length === 0) {
    const names = [...cache.routines.values()].flat().filter((r) => r.schema === schema).map((r) => r.name);
    const best = fuzzyOne(names, name, 0.75);
    return best ? `Perhaps you meant to call the function ${schema}.${best}` : null;
  }
  const fmt = (ps: string[]) => `(${[...ps].sort().join(', ')})`;
  const best = fuzzyOne(overloads.map((o) => fmt(o.params.map((p) => p.name))), fmt(keys));
  return best ? `Perhaps you meant to call the function ${schema}.${name}${best}` : null;
}

/** The function an RPC names, chosen among overloads by argument keys (`rest.md` §9.2). */
export function findRoutine(cache: SchemaCache, schema: string, name: string, argKeys: Set<string>, content: ContentKind, isPost: boolean): Routine {
  const overloads = cache.routines.get(qiKey({ schema, name })) ?? [];
  const named = overloads.filter((r) => matchesParams(r, argKeys, isPost, content));
  const fallback = overloads.filter((r) => !matchesParams(r, argKeys, isPost, content) && singleUnnamed(r, isPost, content));
  if (named.length === 1) return named[0]!;
  if (named.length === 0 && fallback.length === 1) return fallback[0]!;
  const ambiguous = named.length > 1 ? named : fallback;
  if (ambiguous.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...ambiguous].sort((a, b) => (paramList(a) < paramList(b) ? -1 : 1)).map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const keys = [...argKeys].sort();
  const onlySingle = isPost && (content === 'text' || content === 'xml' || content === 'octet');
  const func = `${schema}.${name}`;
  const prms = keys.length === 0 ? ' without parameters' : undefined;
  const message = `Could not find the function ${func}${onlySingle ? '' : (prms ?? `(${keys.join(', ')})`)} in the schema cache`;
  const withParams = prms ?? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const suffix =
    isPost && content === 'text'
      ? ' with a single unnamed text parameter'
      : isPost && content === 'xml'
        ? ' with a single unnamed xml parameter'
        : isPost && content === 'octet'
          ? ' with a single unnamed bytea parameter'
          : isPost && content === 'json'
            ? `${withParams} or with a single unnamed json/jsonb parameter`
            : withParams;
  throw new ApiError(
    404,
    'PGRST202',
    message,
    `Searched for the function ${func}${suffix}, but no matches were found in the schema cache.`,
    onlySingle ? null : noRpcHint(cache, schema, name, keys, overloads),
  );
}
