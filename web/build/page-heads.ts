import type { Plugin, Rollup } from "vite";
import { appEntry, chunkFor, chunksOf, loadedWithApp, staticClosure } from "./app-chunks";

type OutputChunk = Rollup.OutputChunk;

export type PageHeadRoute = {
  /** As the server matches it: `/`, `/events/*` (one segment per `*`); first match wins. */
  pattern: string;
  /** The route's page module: its chunks are preloaded with the HTML. */
  module: string;
  /** false: no head of its own (an app screen that shares a pattern with a page). */
  head?: boolean;
};

type Options = {
  function: string;
  maxAge: number;
  /** The app's code every page runs, imported by the entry: preloaded by index.html (decision 0195). */
  app: string;
  routes: PageHeadRoute[];
};

/**
 * Writes `_head.json` (read by gather-server and by the static-host middleware in deploy/):
 * which function supplies each public page's <head>, and the JavaScript each page needs
 * beyond the entry, so the HTML can start those downloads before the entry has even run; and
 * puts the app's own chunks in index.html as module preloads. The entry imports the app
 * dynamically (so a page painted from its HTML loads it after its paint, decision 0195): without
 * these, every other page would find out what to fetch only once the entry had run. The server
 * drops module preloads from a page that comes with its first screen.
 */
export function pageHeads(options: Options): Plugin {
  let root = "";
  const appChunk = (chunks: OutputChunk[]): OutputChunk => {
    const app = chunkFor(chunks, root, options.app);
    if (!app) throw new Error(`page-heads: no chunk for ${options.app} (is it imported dynamically by the entry?)`);
    return app;
  };
  /** The app's chunks beyond the entry's own: what every page loads before its route. */
  const appChunks = (chunks: OutputChunk[]): string[] => {
    const entry = appEntry(chunks);
    const inEntry = entry ? staticClosure(chunks, entry) : new Set<string>();
    return [...staticClosure(chunks, appChunk(chunks))].filter((f) => !inEntry.has(f));
  };
  return {
    name: "gather-page-heads",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const links = appChunks(chunksOf(ctx.bundle)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        return html.replace("</head>", `    ${links.join("\n    ")}\n  </head>`);
      },
    },
    generateBundle(_out, bundle) {
      const chunks = chunksOf(bundle);
      const loaded = loadedWithApp(chunks, appChunk(chunks));
      const routes = options.routes.map((r) => {
        const chunk = chunkFor(chunks, root, r.module);
        if (!chunk) this.error(`page-heads: no chunk for ${r.module} (is it a lazy route?)`);
        const preload = [...staticClosure(chunks, chunk)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
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
