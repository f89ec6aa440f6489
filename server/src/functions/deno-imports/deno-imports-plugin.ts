import { dirname, join, resolve, sep } from 'node:path';
import type { OnResolveArgs, OnResolveResult, Plugin, PluginBuild } from 'esbuild';
import { applyImportMap, type ImportMap } from '../import-map.ts';
import { ImportUnavailable, type ImportSources } from './import-cache.ts';
import { ensureJsrFile, isJsrFile, locateJsr } from './jsr-imports.ts';
import { locateNpm, parseNpm } from './npm-imports.ts';
import { loadRemote } from './url-imports.ts';

const REMOTE = 'deno-remote';
const EMPTY = 'deno-empty';

export interface DenoImportsOptions {
  functionDir: string;
  importMap?: ImportMap;
  sources: ImportSources;
  /** node_modules folders beside the server, whose packages an `npm:` import may use as they are. */
  serverNodeModules: string[];
  stdHttpShim: string;
  /** Collects the imports that could not be had, for the BOOT_ERROR answer. */
  unavailable: string[];
}

/** npm CDNs: their URLs name an npm package and version, taken from the npm registry instead. */
const CDN_HOSTS: Record<string, (path: string) => string> = {
  'esm.sh': (p) => p.replace(/^\/(?:v\d+|stable)\//, '/'),
  'cdn.esm.sh': (p) => p.replace(/^\/(?:v\d+|stable)\//, '/'),
  'cdn.jsdelivr.net': (p) => p.replace(/^\/npm\//, '/'),
  'unpkg.com': (p) => p,
  'cdn.skypack.dev': (p) => p,
  'esm.run': (p) => p,
};

function cdnPackage(url: URL): string | undefined {
  const strip = CDN_HOSTS[url.hostname];
  if (!strip) return undefined;
  // Build folders (`/es2022/…`, `/denonext/…`) and bundles (`x.mjs`) are the CDN's, not the package's.
  const path = strip(url.pathname).replace(/\/(?:es\d+|denonext|deno|node)\/.*$/, '');
  return `npm:${path.replace(/^\//, '')}`;
}

const isStdHttp = (url: URL) => url.hostname === 'deno.land' && /^\/std(@[^/]+)?\/http\/server\.ts$/.test(url.pathname);

/**
 * Resolves imports as Deno does (see deno-imports/*.ts): the function's import map first (not
 * inside npm packages), then `npm:` (Deno's export conditions: deno, node, import, default),
 * `jsr:` and `http(s):` modules fetched once into the cache; relative imports inside fetched
 * modules stay in their package or URL. Type-only `.d.ts` imports become nothing.
 */
export function denoImports(o: DenoImportsOptions): Plugin {
  return {
    name: 'gather-deno-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.denoResolved) return undefined;
        try {
          return await resolveImport(b, o, args);
        } catch (err) {
          if (!(err instanceof ImportUnavailable)) throw err;
          o.unavailable.push(err.message);
          return { errors: [{ text: err.message }] };
        }
      });
      b.onLoad({ filter: /.*/, namespace: EMPTY }, () => ({ contents: 'export {}', loader: 'js' }));
      b.onLoad({ filter: /.*/, namespace: REMOTE }, async (args) => {
        try {
          const m = await loadRemote(args.path, o.sources);
          return { contents: m.contents, loader: m.loader, pluginData: { url: m.url } };
        } catch (err) {
          if (!(err instanceof ImportUnavailable)) throw err;
          o.unavailable.push(err.message);
          return { errors: [{ text: err.message }] };
        }
      });
    },
  };
}

async function resolveImport(b: PluginBuild, o: DenoImportsOptions, args: OnResolveArgs): Promise<OnResolveResult | undefined> {
  let spec = args.path;
  const relativeSpec = /^\.{0,2}\//.test(spec);
  // Inside a fetched module: relative imports are relative to its URL.
  if (args.namespace === REMOTE && relativeSpec) {
    const base = (args.pluginData?.url as string | undefined) ?? args.importer;
    return { path: new URL(spec, base).href, namespace: REMOTE };
  }
  if (relativeSpec && isJsrFile(args.importer, o.sources)) {
    const file = resolve(dirname(args.importer), spec);
    const pkgRoot = args.importer.split(sep).slice(0, -1).join(sep);
    const versionDir = jsrVersionDir(args.importer, o.sources);
    if (!file.startsWith(versionDir + sep)) return { errors: [{ text: `"${spec}" leaves its JSR package (${pkgRoot})` }] };
    await ensureJsrFile(file, o.sources);
    return { path: file };
  }
  if (relativeSpec) return undefined;

  const inNpmPackage = args.importer.includes(`${sep}node_modules${sep}`);
  const mapped = inNpmPackage ? undefined : applyImportMap(o.importMap, spec, args.importer);
  if (mapped !== undefined) spec = mapped;
  if (spec.endsWith('.d.ts') || spec.endsWith('.d.mts')) return { path: spec, namespace: EMPTY };

  if (/^https?:\/\//.test(spec)) {
    const url = new URL(spec);
    if (isStdHttp(url)) return { path: o.stdHttpShim };
    const npm = cdnPackage(url);
    if (npm) spec = npm;
    else return { path: url.href, namespace: REMOTE };
  }
  if (spec.startsWith('jsr:')) {
    const twin = await npmTwin(spec, o);
    if (twin) return resolveNpm(b, args, twin.resolveDir, twin.path, spec);
    return { path: (await locateJsr(spec, o.sources)).file };
  }
  if (spec.startsWith('npm:')) {
    const npm = parseNpm(spec.slice(4));
    if (!npm) return { errors: [{ text: `cannot read the package name in "${spec}"` }] };
    const loc = await locateNpm(npm, o.functionDir, o.serverNodeModules, o.sources);
    return resolveNpm(b, args, loc.resolveDir, npm.name + npm.sub, spec);
  }
  if (spec.startsWith('node:')) return { path: spec, external: true };
  if (mapped !== undefined) return resolveNpm(b, args, args.resolveDir || o.functionDir, spec, args.path);
  // A bare name inside a fetched module has no node_modules to come from.
  if (args.namespace === REMOTE) return { errors: [{ text: `cannot resolve "${spec}" in ${args.importer}: map it in the function's deno.json "imports"` }] };
  return undefined;
}

async function resolveNpm(b: PluginBuild, args: OnResolveArgs, resolveDir: string, target: string, original: string): Promise<OnResolveResult> {
  const r = await b.resolve(target, { kind: args.kind, resolveDir, importer: args.importer, pluginData: { denoResolved: true } });
  if (r.errors.length > 0) return { errors: [{ text: `cannot resolve "${original}": ${r.errors[0]!.text}` }] };
  return { path: r.path, external: r.external, sideEffects: r.sideEffects, namespace: r.namespace };
}

function jsrVersionDir(file: string, src: ImportSources): string {
  const root = join(src.cacheDir, 'jsr', new URL(src.jsrUrl).host);
  const [scope, name, version] = file.slice(root.length + 1).split(sep);
  return join(root, scope!, name!, version!);
}

/**
 * Supabase publishes its client libraries to JSR and npm from one source at the same versions:
 * `jsr:@supabase/…` uses the npm package beside the server when its version fits, as `npm:` does.
 */
async function npmTwin(spec: string, o: DenoImportsOptions): Promise<{ resolveDir: string; path: string } | undefined> {
  const p = parseNpm(spec.slice(4));
  if (!p?.name.startsWith('@supabase/')) return undefined;
  const loc = await locateNpm(p, o.functionDir, o.serverNodeModules, { ...o.sources, cachedOnly: true }).catch(() => undefined);
  return loc ? { resolveDir: loc.resolveDir, path: p.name + p.sub } : undefined;
}
