import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

const TEMPLATE = fileURLToPath(new URL("./service-worker.js", import.meta.url));

/**
 * Writes `sw.js` (decision 0162): build/service-worker.js with this build's id and the app
 * shell's files — the entry chunk, what it imports and its CSS — so the shell opens offline
 * even for a page whose route was never visited online. Route chunks are kept as visits load them.
 */
export function serviceWorker(buildId: string): Plugin {
  return {
    name: "gather-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === "chunk");
      // The app's entry (index.html's script), not the catalogues, which are emitted as entries too.
      const entry = chunks.find((c) => c.isEntry && /\/(index\.html|src\/main\.tsx)$/.test(c.facadeModuleId ?? ""));
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
      const source = readFileSync(TEMPLATE, "utf8")
        .replace("__BUILD_ID__", JSON.stringify(buildId))
        .replace("__PRECACHE__", JSON.stringify([...files].map((f) => `/${f}`)));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
