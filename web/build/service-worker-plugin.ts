import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin, Rollup } from "vite";
import { appEntry, chunksOf } from "./app-chunks";

type OutputChunk = Rollup.OutputChunk;

const TEMPLATE = fileURLToPath(new URL("./service-worker.js", import.meta.url));

/**
 * Writes `sw.js` (decision 0162): build/service-worker.js with this build's id and the app
 * shell's files — the entry chunk, the app it imports and their CSS — so the shell opens offline
 * even for a page whose route was never visited online. Route chunks are kept as visits load them.
 */
export function serviceWorker(buildId: string): Plugin {
  return {
    name: "gather-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const entry = appEntry(chunksOf(bundle));
      if (!entry) throw new Error("gather-service-worker: no entry chunk for index.html");
      const files = new Set<string>();
      const add = (chunk: OutputChunk) => {
        if (files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const name of chunk.imports) {
          const imported = bundle[name];
          if (imported?.type === "chunk") add(imported);
        }
      };
      add(entry);
      // The app the entry imports once it knows when to start (decision 0195), not the routes.
      for (const name of entry.dynamicImports) {
        const app = bundle[name];
        if (app?.type === "chunk") add(app);
      }
      const source = readFileSync(TEMPLATE, "utf8")
        .replace("__BUILD_ID__", JSON.stringify(buildId))
        .replace("__PRECACHE__", JSON.stringify([...files].map((f) => `/${f}`)));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
