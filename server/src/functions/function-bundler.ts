import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop as stopEsbuild, type BuildOptions, type BuildResult } from 'esbuild';
import { denoImports } from './deno-imports/deno-imports-plugin.ts';
import type { ImportSources } from './deno-imports/import-cache.ts';
import type { ImportMap } from './import-map.ts';

const RUNTIME_DIR = fileURLToPath(new URL('./worker-runtime/', import.meta.url));
const WORKER_MAIN = join(RUNTIME_DIR, 'worker-main.ts');
const STD_HTTP_SHIM = join(RUNTIME_DIR, 'std-http-server.ts');

/** Every node_modules folder above the server package: `npm:` imports may use what is installed there. */
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
  sources: ImportSources;
}

export interface Bundle {
  /** The bundled module: the Deno shim and worker loop, then the function. */
  file: string;
  /** Absolute paths of the project files it was built from (for rebuilds on change). */
  inputs: string[];
}

// esbuild's service is a child process of ~130 MiB that would otherwise live as long as the server:
// it is stopped once no bundle is being built, and esbuild starts it again for the next (decision 0370).
let buildsInFlight = 0;
async function buildReleasingService<T extends BuildOptions>(options: T): Promise<BuildResult<T>> {
  buildsInFlight++;
  try {
    return (await build(options as never)) as BuildResult<T>;
  } finally {
    if (--buildsInFlight === 0) await stopEsbuild();
  }
}

export class BundleError extends Error {
  /** Imports that could not be fetched or found: safe to show the caller (they name no secrets). */
  readonly unavailableImports: string[];
  constructor(message: string, unavailableImports: string[] = []) {
    super(message);
    this.unavailableImports = unavailableImports;
  }
}

/**
 * Bundles one function with esbuild into a single ES module for a worker: imports resolved as
 * Deno resolves them (deno-imports/), the function's import map applied, Node built-ins left to
 * Node. The worker loop comes first, so `Deno` exists before the function's code runs.
 */
export async function bundleFunction(input: BundleInput): Promise<Bundle> {
  const entryCode =
    `import { startWorker } from ${JSON.stringify(WORKER_MAIN)};\n` +
    `import * as fn from ${JSON.stringify(input.entry)};\n` +
    'startWorker(fn);\n';
  const unavailable: string[] = [];
  let result;
  try {
    result = await buildReleasingService({
      stdin: { contents: entryCode, resolveDir: dirname(input.entry), sourcefile: `${input.name}.entry.ts`, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      // Deno's export conditions (with import/require and default, which esbuild adds): never a
      // package's worker or workerd build, which expects a Cloudflare runtime.
      conditions: ['deno', 'node'],
      nodePaths: NODE_PATHS,
      banner: { js: REQUIRE_BANNER },
      metafile: true,
      logLevel: 'silent',
      plugins: [denoImports({ functionDir: dirname(input.entry), importMap: input.importMap, sources: input.sources, serverNodeModules: NODE_PATHS, stdHttpShim: STD_HTTP_SHIM, unavailable })],
    });
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
    const text = errors?.length
      ? errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text)).join('\n')
      : (err as Error).message;
    throw new BundleError(text, [...new Set(unavailable)]);
  }
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = join(input.outDir, `${input.name}.${hash}.mjs`);
  await writeFile(file, code);
  const cwd = process.cwd();
  const inputs = Object.keys(result.metafile.inputs)
    // Project files only: not packages, fetched modules (`deno-remote:`) or the import cache.
    .filter((p) => !p.includes('node_modules/') && !/^[a-z-]+:/.test(p))
    .map((p) => resolve(cwd, p))
    .filter((p) => !p.startsWith(input.sources.cacheDir));
  return { file, inputs };
}
