import { resolve } from "node:path";
import type { Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

/** The chunks of a bundle. */
export function chunksOf(bundle: Rollup.OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
}

/** The app's entry (index.html's script), not the catalogues, which are emitted as entries too. */
export function appEntry(chunks: OutputChunk[]): OutputChunk | undefined {
  return chunks.find((c) => c.isEntry && /\/(index\.html|src\/main\.tsx)$/.test(c.facadeModuleId ?? ""));
}

/** `start` and every chunk it imports statically, by file name. */
export function staticClosure(chunks: OutputChunk[], start: OutputChunk): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const f of c.imports) visit(byFile.get(f)!);
  };
  visit(start);
  return seen;
}

/** The chunk whose facade is `module` (a path under the build's `root`). */
export function chunkFor(chunks: OutputChunk[], root: string, module: string): OutputChunk | undefined {
  return chunks.find((c) => c.facadeModuleId === resolve(root, module));
}

/** Every chunk in the module map once the app (`app`, the entry's lazy import) has started. */
export function loadedWithApp(chunks: OutputChunk[], app: OutputChunk): Set<string> {
  const entry = appEntry(chunks);
  return new Set([...(entry ? staticClosure(chunks, entry) : []), ...staticClosure(chunks, app)]);
}
