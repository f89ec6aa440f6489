import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

const webRoot = join(import.meta.dirname, "..");
const ENTRY = join(webRoot, "src/features/embeds/widget/embed.ts");

/**
 * Builds /embed.js, the <gather-events> web component, on its own: one small ES module with no
 * share in the app's chunks or runtime (decision 0340). The app's VITE_SUPABASE_* settings
 * apply, so the embed reads the same API with the same public anon key.
 */
export async function buildEmbed(mode = "production"): Promise<string> {
  const result = await build({
    configFile: false,
    root: webRoot,
    mode,
    logLevel: "warn",
    resolve: { alias: { "@": join(webRoot, "src") } },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      modulePreload: false,
      rolldownOptions: { input: ENTRY, output: { format: "es", entryFileNames: "embed.js" } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.fileName === "embed.js");
  if (!chunk || chunk.type !== "chunk") throw new Error("embed build: no embed.js");
  return chunk.code;
}

/** Writes embed.js beside the app's build (before precompress adds its .br and .gz). */
export function embedBundle(): Plugin {
  let outDir = "dist";
  let mode = "production";
  return {
    name: "gather-embed",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      mode = config.mode;
    },
    async writeBundle() {
      writeFileSync(join(outDir, "embed.js"), await buildEmbed(mode));
    },
  };
}
