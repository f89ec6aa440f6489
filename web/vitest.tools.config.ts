import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { linguiPlugins } from "./build/lingui-plugins.ts";
import { TOOL_TESTS, webResolve } from "./vitest.config.ts";

// The web tests that run Lingui's extractor or Vite's bundler: in plain Node workers, where those
// tools' own module loading and object checks work (a VM context, as the `web` project's pool
// gives, breaks both; decision 0440).
export default defineProject({
  plugins: [react(), ...linguiPlugins()],
  resolve: webResolve,
  test: {
    name: "web-tools",
    environment: "node",
    include: TOOL_TESTS,
  },
});
