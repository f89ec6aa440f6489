import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import { getConfig } from "@lingui/conf";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import type { Plugin, PluginOption } from "vite";

const LOCALES_DIR = fileURLToPath(new URL("../src/locales", import.meta.url));

/** Where a built catalogue lives: lib/i18n/catalogues.ts builds the same path at run time. */
export function catalogueFileName(locale: string, catalogue: string, buildId: string): string {
  return `assets/i18n/${locale}/${catalogue}.${buildId}.js`;
}

/**
 * Each catalogue of each locale as a chunk of its own, at a path the app computes from the
 * locale, the catalogue and the build id, so the entry carries no table of catalogue chunks
 * (one per catalogue and locale, growing with every feature). Build only: the dev server and
 * the unit tests import the .po files through import.meta.glob.
 */
function catalogueChunks(buildId: string): Plugin {
  return {
    name: "gather-catalogue-chunks",
    apply: "build",
    buildStart() {
      for (const locale of readdirSync(LOCALES_DIR)) {
        if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(locale)) continue;
        for (const file of readdirSync(join(LOCALES_DIR, locale))) {
          if (!file.endsWith(".po")) continue;
          this.emitFile({
            type: "chunk",
            id: join(LOCALES_DIR, locale, file),
            fileName: catalogueFileName(locale, file.slice(0, -3), buildId),
            preserveSignature: "strict",
          });
        }
      }
    },
  };
}

/**
 * Lingui for the build and the unit tests: its macros (`<Trans>`, `t`) become message ids through
 * Babel, and `.po` catalogues are compiled to JS when imported. Babel rather than Lingui's native
 * transform: npm on Node 20 skips that transform's binary (it asks for Node ≥ 22.19), and
 * `npm ci` runs there. Decision 0200.
 */
export function linguiPlugins(buildId = "dev"): PluginOption[] {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= "1";
  const config = { configPath: fileURLToPath(new URL("../lingui.config.ts", import.meta.url)) };
  // The macro reads the config itself unless given one, from the working directory (the repo
  // root under vitest): give it ours.
  const linguiConfig = getConfig(config);
  return [
    babel({ presets: [linguiTransformerBabelPreset({ linguiConfig }, config)] }),
    lingui(config),
    catalogueChunks(buildId),
  ];
}
