import { dirname, resolve } from "node:path";
import type { Plugin, Rollup } from "vite";

/** Source bytes (after transforms, before minifying) above which a module keeps its own chunk. */
const MAX_MODULE = 8 * 1024;

/** Lucide's icon modules; other libraries' inner modules are left to automatic chunking. */
const ICON = /\/lucide-react\/dist\/esm\/icons\/[a-z0-9-]+\.mjs$/;

type ModuleGraph = Pick<Rollup.PluginContext, "getModuleInfo" | "getModuleIds">;
/** Each package barrel's names and their modules, by the barrel's id (null: not a barrel). */
type Barrels = Map<string, Map<string, string> | null>;

/**
 * Fewer, larger chunks for what the lazy routes share outside the app shell: an icon, a skeleton,
 * a label, a date helper. Left to automatic chunking each became a chunk of its own (a route
 * loaded 29–35 chunks, most under 1.5 KB gzip), and each costs the phone a request and, in Vite's
 * preload helper, a `<link rel="modulepreload">` appended on the main thread (decision 0198).
 * The returned `group` goes in `codeSplitting.groups`; its `test` knows the module graph once the
 * plugin has seen it whole (`buildEnd`, before chunks are made).
 */
export function routeSharedChunks(entry: string, app: string) {
  let root = "";
  let captured = new Set<string>();
  let appShell = new Set<string>();
  const plugin: Plugin = {
    name: "gather-route-shared-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const barrels: Barrels = new Map();
      const shell = shellModules(this, barrels, [entry, app].map((f) => resolve(root, f)));
      if (!shell) return this.error(`route-shared-chunks: ${entry} or ${app} is not in the build`);
      captured = closedSmallModules(this, barrels, shell, resolve(root, "src"));
      appShell = appOnly(shell, shellModules(this, barrels, [resolve(root, entry)])!, resolve(root, app));
    },
  };
  const group = {
    name: "shared",
    test: (id: string) => captured.has(id),
    // Modules used by the same routes share a chunk; a set under the threshold joins its nearest.
    minShareCount: 2,
    entriesAware: true,
    entriesAwareMergeThreshold: 12 * 1024,
    // Their imports are in the shell or captured too (closedSmallModules), nothing to pull in.
    includeDependenciesRecursively: false,
  } as const;
  // The app shell in two chunks, the libraries' (kept in cache across most deploys) and ours:
  // left to automatic chunking it was ~20, as small as 38 bytes, each a request every page makes
  // (decision 0446). Nothing is pulled in: a shell module's imports are in the shell too, bar
  // Vite's preload helper, which stays with the entry.
  const vendor = (id: string) => id.includes("/node_modules/");
  const shellGroups = [
    { name: "app-vendor", test: (id: string) => appShell.has(id) && vendor(id), includeDependenciesRecursively: false },
    { name: "app", test: (id: string) => appShell.has(id) && !vendor(id), includeDependenciesRecursively: false },
  ];
  return { plugin, group, shellGroups };
}

/**
 * The modules an importer reaches through its imports. A package's re-export barrel
 * (`lucide-react`) counts only for the names the importer takes from it, not for its 2,000 icons.
 * Barrels are read once per build (`barrels`).
 */
function reached(graph: ModuleGraph, barrels: Barrels, id: string): string[] {
  const info = graph.getModuleInfo(id);
  return (info?.importedIds ?? []).flatMap((dep) => {
    if (!barrels.has(dep)) barrels.set(dep, barrelExports(graph, dep));
    const barrel = barrels.get(dep);
    if (!barrel) return [dep];
    return namesImportedFrom(info?.code ?? "", dep).flatMap((name) => (barrel.has(name) ? [barrel.get(name)!] : []));
  });
}

/** What the entry and the app import statically: those stay in the app's chunks. */
function shellModules(graph: ModuleGraph, barrels: Barrels, starts: string[]): Set<string> | undefined {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const dep of reached(graph, barrels, id)) visit(dep);
  };
  for (const id of starts) {
    if (!graph.getModuleInfo(id)) return undefined;
    visit(id);
  }
  return seen;
}

/**
 * The shell's modules the entry does not load itself (else the entry would import the app's chunk
 * before the first paint), without the app's own module (the entry's lazy import, which keeps
 * its chunk), stylesheets and virtual modules.
 */
function appOnly(shell: Set<string>, inEntry: Set<string>, app: string): Set<string> {
  return new Set([...shell].filter((id) => !inEntry.has(id) && id !== app && !id.startsWith("\0") && !id.endsWith(".css")));
}

/**
 * Small modules of the app's own (`src`) and lucide's icons, outside the shell, whose imports are
 * all (following barrels by name) in the shell or themselves such modules: a merged chunk then imports nothing a route did
 * not load anyway (a form's schemas, the map's country shapes). Found by dropping, until none is
 * left, any that imports something else.
 */
function closedSmallModules(graph: ModuleGraph, barrels: Barrels, shell: Set<string>, src: string): Set<string> {
  const ours = (id: string) => id.startsWith(`${src}/`) && /\.tsx?$/.test(id);
  const small = (id: string) =>
    !shell.has(id) && (ours(id) || ICON.test(id)) && (graph.getModuleInfo(id)?.code?.length ?? Infinity) <= MAX_MODULE;
  const kept = new Set([...graph.getModuleIds()].filter(small));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of kept) {
      if (reached(graph, barrels, id).every((dep) => shell.has(dep) || kept.has(dep))) continue;
      kept.delete(id);
      changed = true;
    }
  }
  return kept;
}

/**
 * A package's index that only gathers other modules (`export { default as A } from "./a"`,
 * `import * as A from "pkg-a"`): each name's module. Anything else is not a barrel (null).
 */
function barrelExports(graph: ModuleGraph, id: string): Map<string, string> | null {
  const info = id.includes("/node_modules/") ? graph.getModuleInfo(id) : null;
  const code = info?.code ?? "";
  const reexports = [...code.matchAll(/^export \{([^}]*)\} from ["']([^"']+)["'];?$/gm)].map(([, list, from]) => ({ names: list!.split(","), from: from! }));
  const namespaces = [...code.matchAll(/^import \* as (\w+) from ["']([^"']+)["'];?$/gm)].map(([, name, from]) => ({ names: [name!], from: from! }));
  if (reexports.length + namespaces.length <= 20) return null;
  const names = new Map<string, string>();
  for (const { names: list, from } of [...reexports, ...namespaces]) {
    const dep = from.startsWith(".") ? resolve(dirname(id), from) : info?.importedIds.find((d) => d.includes(`/node_modules/${from}/`));
    if (dep) for (const part of list) names.set(part.trim().split(/\s+as\s+/).pop()!, dep);
  }
  return names;
}

/** The names `code` imports from the package whose module is `id` (`import { A, B } from "pkg"`). */
function namesImportedFrom(code: string, id: string): string[] {
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  if (!pkg) return [];
  const escaped = pkg.replace(/[/.-]/g, "\\$&");
  return [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped}["']`, "g"))].flatMap(([, list]) =>
    list!.split(",").map((part) => part.trim().split(/\s+as\s+/)[0]!).filter(Boolean),
  );
}
