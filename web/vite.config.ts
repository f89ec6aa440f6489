import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { precompress } from "./build/precompress";

// The Gather server (`npm run dev` at the repo root) listens here by default.
const backend = "http://127.0.0.1:54321";

const api: ProxyOptions = { target: backend, changeOrigin: true };

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
