import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * A Deno import map (`imports` of a function's `deno.json`, or an `import_map.json`): exact keys
 * and `prefix/` keys, values relative to the map's own folder.
 */
export interface ImportMap {
  file: string;
  imports: Record<string, string>;
}

/** deno.jsonc allows comments and trailing commas. */
function parseJsonc(text: string): unknown {
  const noComments = text.replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str: string | undefined) => str ?? '');
  return JSON.parse(noComments.replace(/,(\s*[}\]])/g, '$1'));
}

function readMap(file: string): ImportMap | undefined {
  if (!existsSync(file)) return undefined;
  const doc = parseJsonc(readFileSync(file, 'utf8')) as { imports?: Record<string, string>; importMap?: string };
  if (doc.importMap && !doc.imports) return readMap(resolve(dirname(file), doc.importMap));
  return { file, imports: doc.imports ?? {} };
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

/** The mapped specifier (an absolute path for relative targets), or undefined when unmapped. */
export function applyImportMap(map: ImportMap | undefined, spec: string): string | undefined {
  if (!map) return undefined;
  let target = map.imports[spec];
  if (target === undefined) {
    let best = '';
    for (const key of Object.keys(map.imports)) {
      if (key.endsWith('/') && spec.startsWith(key) && key.length > best.length) best = key;
    }
    if (!best) return undefined;
    target = map.imports[best]! + spec.slice(best.length);
  }
  return target.startsWith('./') || target.startsWith('../') ? resolve(dirname(map.file), target) : target;
}
