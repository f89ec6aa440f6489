import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { precompress } from "./build/precompress";

// The Gather server (`npm run dev` at the repo root) listens here by default.
const backend = "http://127.0.0.1:54321";

const api: ProxyOptions = { target: backend, changeOrigin: true };

// One id per build: the persisted query cache is dropped when it changes (lib/query-client.ts).
const buildId = process.env.VITE_BUILD_ID || Date.now().toString(36);

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) },
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      // Only /auth/v1: the rest of /auth/* are app screens (/auth/sign-in, …).
      "/auth/v1": api,
      "/rest": api,
      "/realtime": { ...api, ws: true },
      "/storage": api,
      "/functions": api,
      "/_inbox": api,
    },
  },
  build: {
    outDir: "dist",
    // Vite names every emitted file with a content hash: dist/assets/[name]-[hash].[ext].
    assetsDir: "assets",
    sourcemap: false,
  },
});
