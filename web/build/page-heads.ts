import { resolve } from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

export type PageHeadRoute = {
  /** As the server matches it: `/`, `/events/*` (one segment per `*`); first match wins. */
  pattern: string;
  /** The route's page module: its chunks are preloaded with the HTML. */
  module: string;
  /** false: no head of its own (an app screen that shares a pattern with a page). */
  head?: boolean;
};

type Options = { function: string; maxAge: number; routes: PageHeadRoute[] };

/**
 * Writes `_head.json` (read by gather-server and by the static-host middleware in deploy/):
 * which function supplies each public page's <head>, and the JavaScript each page needs
 * beyond the entry, so the HTML can start those downloads before the entry has even run.
 */
export function pageHeads(options: Options): Plugin {
  let root = "";
  return {
    name: "gather-page-heads",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_out, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutputChunk): Set<string> => {
        const seen = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const f of c.imports) visit(byFile.get(f)!);
        };
        visit(start);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const loaded = entry ? closure(entry) : new Set<string>();
      const routes = options.routes.map((r) => {
        const id = resolve(root, r.module);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) this.error(`page-heads: no chunk for ${r.module} (is it a lazy route?)`);
        const preload = [...closure(chunk)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        return { pattern: r.pattern, head: r.head ?? true, preload };
      });
      this.emitFile({
        type: "asset",
        fileName: "_head.json",
        source: JSON.stringify({ function: options.function, maxAge: options.maxAge, routes }, null, 2),
      });
    },
  };
}
