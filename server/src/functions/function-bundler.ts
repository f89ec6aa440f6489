import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { applyImportMap, type ImportMap } from './import-map.ts';
import { mapSpecifier } from './specifiers.ts';

const RUNTIME_DIR = fileURLToPath(new URL('./worker-runtime/', import.meta.url));
const WORKER_MAIN = join(RUNTIME_DIR, 'worker-main.ts');
const STD_HTTP_SHIM = join(RUNTIME_DIR, 'std-http-server.ts');

/** Every node_modules folder above the server package: where `npm:` imports are found. */
function serverNodeModules(): string[] {
  const out: string[] = [];
  for (let dir = RUNTIME_DIR; ; dir = dirname(dir)) {
    const nm = join(dir, 'node_modules');
    if (existsSync(nm)) out.push(nm);
    if (dirname(dir) === dir) return out;
  }
}
const NODE_PATHS = serverNodeModules();

// CommonJS packages bundled into an ES module still call require() for Node built-ins.
const REQUIRE_BANNER =
  "import { createRequire as __gatherCreateRequire } from 'node:module'; const require = __gatherCreateRequire(import.meta.url);";

export interface BundleInput {
  name: string;
  entry: string;
  importMap?: ImportMap;
  outDir: string;
}

export interface Bundle {
  /** The bundled module: the Deno shim and worker loop, then the function. */
  file: string;
  /** Absolute paths of the project files it was built from (for rebuilds on change). */
  inputs: string[];
}

export class BundleError extends Error {}

function denoSpecifiers(importMap: ImportMap | undefined): Plugin {
  return {
    name: 'gather-deno-specifiers',
    setup(b) {
      // Without an import map only Deno-style specifiers need a look; with one, every bare import.
      const filter = importMap ? /^[^./]/ : /^(?:npm:|jsr:|https?:\/\/)|\.d\.m?ts$/;
      b.onResolve({ filter }, async (args) => {
        if (args.pluginData?.gatherMapped) return undefined;
        let spec = args.path;
        // As in Deno, an import map applies to the project's modules, not inside npm packages.
        const inPackage = args.importer.includes('/node_modules/');
        const mapped = inPackage ? undefined : applyImportMap(importMap, spec);
        if (mapped !== undefined) spec = mapped;
        const deno = mapSpecifier(spec);
        if (!deno && mapped === undefined) return undefined;
        if (deno?.kind === 'empty') return { path: spec, namespace: 'gather-empty' };
        if (deno?.kind === 'std-http') return { path: STD_HTTP_SHIM };
        if (deno?.kind === 'unsupported') return { errors: [{ text: deno.reason }] };
        const target = deno?.kind === 'package' ? deno.name : spec;
        const r = await b.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { gatherMapped: true } });
        if (r.errors.length > 0) {
          const hint = deno?.kind === 'package' ? ` (install "${deno.name.replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1')}" next to the server)` : '';
          return { errors: [{ text: `cannot resolve "${args.path}"${hint}` }] };
        }
        return { path: r.path, external: r.external, sideEffects: r.sideEffects, namespace: r.namespace };
      });
      b.onLoad({ filter: /.*/, namespace: 'gather-empty' }, () => ({ contents: 'export {}', loader: 'js' }));
    },
  };
}

/**
 * Bundles one function with esbuild into a single ES module for a worker thread: Deno-style
 * specifiers mapped (see specifiers.ts), the function's import map applied, Node built-ins left
 * to Node. The worker loop comes first, so `Deno` exists before the function's code runs.
 */
export async function bundleFunction(input: BundleInput): Promise<Bundle> {
  const entryCode =
    `import { startWorker } from ${JSON.stringify(WORKER_MAIN)};\n` +
    `import * as fn from ${JSON.stringify(input.entry)};\n` +
    'startWorker(fn);\n';
  let result;
  try {
    result = await build({
      stdin: { contents: entryCode, resolveDir: dirname(input.entry), sourcefile: `${input.name}.entry.ts`, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      conditions: ['deno', 'worker', 'node'],
      nodePaths: NODE_PATHS,
      banner: { js: REQUIRE_BANNER },
      metafile: true,
      logLevel: 'silent',
      plugins: [denoSpecifiers(input.importMap)],
    });
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
    const text = errors?.length
      ? errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text)).join('\n')
      : (err as Error).message;
    throw new BundleError(text);
  }
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = join(input.outDir, `${input.name}.${hash}.mjs`);
  await writeFile(file, code);
  const cwd = process.cwd();
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules/') && !p.startsWith('gather-empty:'))
    .map((p) => resolve(cwd, p));
  return { file, inputs };
}
