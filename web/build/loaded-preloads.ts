import type { Plugin } from "vite";
import { appEntry, chunkFor, chunksOf, loadedWithApp } from "./app-chunks";

type ResolveDependencies = (file: string, deps: string[], context: { hostId: string }) => string[];

/**
 * Leaves out of each lazy import's preload list the chunks the app has already loaded: everything
 * the entry and the app chunk (`app`) import statically. Every lazy import but the entry's own
 * runs inside the app, so those are in the module map by then; Vite's helper would still append a
 * `<link rel="modulepreload">` for each (≈ 40 on a route's first load, 20 ms on a desktop's main
 * thread, decision 0197). `resolveDependencies` goes in `build.modulePreload`.
 */
export function loadedPreloads(app: string): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let root = "";
  let entryFile = "";
  let loaded = new Set<string>();
  return {
    plugin: {
      name: "gather-loaded-preloads",
      apply: "build",
      configResolved(config) {
        root = config.root;
      },
      // Before Vite's import analysis, which calls resolveDependencies in its generateBundle.
      generateBundle: {
        order: "pre",
        handler(_out, bundle) {
          const chunks = chunksOf(bundle);
          const entry = appEntry(chunks);
          const appChunk = chunkFor(chunks, root, app);
          if (!entry || !appChunk) this.error(`loaded-preloads: no entry or no chunk for ${app}`);
          entryFile = entry.fileName;
          loaded = loadedWithApp(chunks, appChunk);
        },
      },
    },
    // The entry's own lazy import (the app) preloads nothing: a page without a first screen has
    // the app's chunks as preloads in index.html already, and on a page with one the app starts
    // after the paint, where appending ≈ 20 links cost a phone a task of 70–90 ms; the browser
    // finds those chunks as it reads the app's imports instead.
    resolveDependencies: (_file, deps, { hostId }) => (hostId === entryFile ? [] : deps.filter((d) => !loaded.has(d))),
  };
}
