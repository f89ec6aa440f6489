import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` next to each text asset so the server sends them compressed without
 * compressing per request (the Gather server serves them with @fastify/static's preCompressed).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "gather-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
