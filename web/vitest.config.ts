import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { linguiPlugins } from "./build/lingui-plugins.ts";

/**
 * Tests that run the build's own tools (Lingui's extractor, Vite's bundler) in Node: they live in
 * the `web-tools` project (vitest.tools.config.ts), whose plain Node workers those tools expect.
 */
export const TOOL_TESTS = [
  "src/locales/catalogues.test.ts",
  "src/features/embeds/widget/embed-size.test.ts",
];

export const webResolve = {
  alias: {
    "@": fileURLToPath(new URL("./src", import.meta.url)),
    "@shared": fileURLToPath(new URL("../supabase/functions/_shared", import.meta.url)),
  },
};

export default defineProject({
  plugins: [react(), ...linguiPlugins()],
  resolve: webResolve,
  test: {
    name: "web",
    environment: "jsdom",
    // One jsdom per worker, each file still in its own context: creating a jsdom per file was half
    // of this suite's time (decision 0440).
    pool: "vmThreads",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: TOOL_TESTS,
    setupFiles: ["./src/test/setup.ts"],
  },
});
