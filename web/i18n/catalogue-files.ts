// Which source files feed which message catalogue (read by lingui.config.ts and the catalogue
// check). The `shell` catalogue is what the first paint can show: every file src/main.tsx and the
// app it starts (src/start-app.tsx) reach by static imports (the app shell, and whatever
// components and feature files it pulls in, such as the header's admin link). Each feature
// folder has its own catalogue, loaded with that feature's routes: the feature's files and the
// shared files they reach that the shell does not (a component used by two lazy features is in
// both catalogues). Files nothing reaches (yet) go to the shell.
// Decision 0201.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SOURCE_EXT = /\.(tsx?|jsx?)$/;

/** Shared modules that load lazily and bring a catalogue of their own (so first paint skips it). */
const OWN_CATALOGUE: Record<string, string> = { "src/lib/error-messages.ts": "errors" };
const SKIP = /\.test\.|\/test\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE_EXT.test(name) && !SKIP.test(path) ? [path] : [];
  });
}

/** Static imports only: `import(…)` is a lazy chunk, which brings its own catalogue. */
const STATIC_IMPORT = /^\s*(?:(?:import|export)\s[^;]*?from\s+|import\s+)["']([^"']+)["']/gm;

function resolveImport(src: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = join(src, spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export type CatalogueFiles = { name: string; files: string[] };

/** Files reached from `roots` by static imports (the roots included). */
function reach(src: string, roots: Iterable<string>): Set<string> {
  const seen = new Set(roots);
  const queue = [...seen];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const target = resolveImport(src, file, spec!);
      if (target && !seen.has(target) && !SKIP.test(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

/** `webRoot` is the web/ folder; paths come back relative to it. */
export function catalogueFiles(webRoot: string): CatalogueFiles[] {
  const src = join(webRoot, "src");
  const featuresDir = join(src, "features");
  const all = sourceFiles(src);
  const ownFiles = new Set(Object.keys(OWN_CATALOGUE).map((f) => join(webRoot, f)));
  const rel = (f: string) => relative(webRoot, f);

  // The entry imports the app itself lazily (decision 0195), but every page runs it first.
  const shell = reach(src, [join(src, "main.tsx"), join(src, "start-app.tsx")]);
  const features = readdirSync(featuresDir)
    .filter((name) => statSync(join(featuresDir, name)).isDirectory())
    .sort()
    .map((name) => {
      const own = all.filter((f) => f.startsWith(join(featuresDir, name) + "/"));
      return { name, files: [...reach(src, own)].filter((f) => !shell.has(f) && !ownFiles.has(f)) };
    });
  // A file nothing reaches statically (the 404 page, loaded lazily by the router) joins the
  // shell with the shared files it uses, so none of its messages is missing at run time.
  const reached = new Set([...shell, ...features.flatMap((c) => c.files)]);
  for (const f of reach(src, all.filter((f) => !reached.has(f)))) shell.add(f);
  for (const f of ownFiles) shell.delete(f);
  for (const feature of features) feature.files = feature.files.filter((f) => !shell.has(f));

  const own = Object.entries(OWN_CATALOGUE).map(([file, name]) => ({ name, files: [file] }));
  return [
    { name: "shell", files: [...shell].map(rel).sort() },
    ...own,
    ...features.map(({ name, files }) => ({ name, files: files.map(rel).sort() })),
  ];
}
