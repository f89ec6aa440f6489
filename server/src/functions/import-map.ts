import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A Deno import map (`imports` of a function's `deno.json`, or an `import_map.json`): exact keys
 * and `prefix/` keys, values relative to the map's own folder; `scopes` apply their own keys to
 * modules under a prefix (what `deno vendor` writes for vendored URL modules).
 */
export interface ImportMap {
  file: string;
  imports: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

/** deno.jsonc allows comments and trailing commas. */
function parseJsonc(text: string): unknown {
  const noComments = text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str: string | undefined) => str ?? '');
  return JSON.parse(noComments.replace(/,(\s*[}\]])/g, '$1'));
}

function readMap(file: string): ImportMap | undefined {
  if (!existsSync(file)) return undefined;
  const doc = parseJsonc(readFileSync(file, 'utf8')) as { imports?: Record<string, string>; scopes?: Record<string, Record<string, string>>; importMap?: string };
  if (doc.importMap && !doc.imports) return readMap(resolve(dirname(file), doc.importMap));
  return { file, imports: doc.imports ?? {}, scopes: doc.scopes };
}

/**
 * The map a function uses, as the Supabase CLI picks it: `[functions.<name>] import_map`, else the
 * function's own deno.json(c) or import_map.json, else `functions/import_map.json`.
 */
export function loadImportMap(projectDir: string, functionDir: string, configured?: string): ImportMap | undefined {
  if (configured) {
    const file = isAbsolute(configured) ? configured : join(projectDir, configured);
    const map = readMap(file);
    if (!map) throw new Error(`import map ${file} does not exist`);
    return map;
  }
  for (const name of ['deno.json', 'deno.jsonc', 'import_map.json']) {
    const map = readMap(join(functionDir, name));
    if (map) return map;
  }
  return readMap(join(dirname(functionDir), 'import_map.json'));
}

function lookup(imports: Record<string, string>, spec: string): string | undefined {
  const exact = imports[spec];
  if (exact !== undefined) return exact;
  let best = '';
  for (const key of Object.keys(imports)) {
    if (key.endsWith('/') && spec.startsWith(key) && key.length > best.length) best = key;
  }
  return best ? imports[best]! + spec.slice(best.length) : undefined;
}

/** A map key or scope written relative to the map (`./vendor/`) as a file URL; URLs as they are. */
function asUrl(map: ImportMap, key: string): string {
  if (!key.startsWith('./') && !key.startsWith('../') && !key.startsWith('/')) return key;
  const url = pathToFileURL(resolve(dirname(map.file), key)).href;
  return key.endsWith('/') && !url.endsWith('/') ? `${url}/` : url;
}

/**
 * The mapped specifier (an absolute path for relative targets), or undefined when unmapped. The
 * importer (a file path or a URL) picks the most specific scope that contains it, then `imports`.
 */
export function applyImportMap(map: ImportMap | undefined, spec: string, importer?: string): string | undefined {
  if (!map) return undefined;
  let target: string | undefined;
  if (map.scopes && importer) {
    const from = /^[a-z][a-z0-9+.-]*:/i.test(importer) ? importer : pathToFileURL(importer).href;
    const scopes = Object.keys(map.scopes)
      .map((k) => [k, asUrl(map, k)] as const)
      .filter(([, url]) => (url.endsWith('/') ? from.startsWith(url) : from === url))
      .sort((a, b) => b[1].length - a[1].length);
    for (const [key] of scopes) {
      target = lookup(map.scopes[key]!, spec);
      if (target !== undefined) break;
    }
  }
  target ??= lookup(map.imports, spec);
  if (target === undefined) return undefined;
  return target.startsWith('./') || target.startsWith('../') ? resolve(dirname(map.file), target) : target;
}
