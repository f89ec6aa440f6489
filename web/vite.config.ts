import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { embedBundle } from "./build/embed-bundle";
import { linguiPlugins } from "./build/lingui-plugins";
import { loadedPreloads } from "./build/loaded-preloads";
import { pageHeads } from "./build/page-heads";
import { precompress } from "./build/precompress";
import { routeSharedChunks } from "./build/route-shared-chunks";
import { serviceWorker } from "./build/service-worker-plugin";
import { stylesheetFirst } from "./build/stylesheet-first";

// The Gather server (`npm run dev` at the repo root) listens here by default.
const backend = "http://127.0.0.1:54321";

const api: ProxyOptions = { target: backend, changeOrigin: true };

// One id per build: the persisted query cache is dropped when it changes (lib/query-client.ts).
const buildId = process.env.VITE_BUILD_ID || Date.now().toString(36);

// React's API served by Preact in the shipped app: 81 KB of JavaScript before first paint instead
// of 138 (decision 0167). `vite` (dev, with React's fast refresh) and the unit tests run React.
const preactForReact = {
  // Preact's own render, over the first screen the HTML brought (decision 0196).
  "react-dom/client": fileURLToPath(new URL("./src/lib/preact-root.ts", import.meta.url)),
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/jsx-runtime",
  react: "preact/compat",
};

// The app's shell, which the entry imports lazily; everything it imports is loaded by then.
const app = "src/start-app.tsx";
const appPreloads = loadedPreloads(app);
const sharedChunks = routeSharedChunks("src/main.tsx", app);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    ...linguiPlugins(buildId),
    tailwindcss(),
    // Public pages get their <head> from the page-head function when served (decision 0161).
    pageHeads({
      function: "page-head",
      maxAge: 60,
      app,
      routes: [
        { pattern: "/", module: "src/features/discover/discover-page.tsx" },
        { pattern: "/events/new", module: "src/features/editor/event-editor-page.tsx", head: false },
        { pattern: "/events/*", module: "src/features/events/event-page.tsx" },
        { pattern: "/u/*", module: "src/features/profiles/public-profile-page.tsx" },
        { pattern: "/g/*", module: "src/features/groups/group-page.tsx" },
      ],
    }),
    // The stylesheet before the scripts: it is what the first paint waits for (decision 0168).
    stylesheetFirst(),
    // Lazy imports inside the app do not preload what the app already loaded (decision 0197).
    appPreloads.plugin,
    sharedChunks.plugin,
    // The app shell and hashed assets kept for offline use (decision 0162).
    serviceWorker(buildId),
    // /embed.js, the <gather-events> web component, built on its own (decision 0340).
    embedBundle(),
    precompress(),
  ],
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) },
  resolve: {
    alias: {
      ...(command === "build" ? preactForReact : {}),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // @lingui/react's React 17 fallback; React 19 has the hook itself (shim.ts re-exports it).
      "use-sync-external-store/shim": fileURLToPath(new URL("./src/lib/i18n/shim.ts", import.meta.url)),
      // What the page-head function and the app share (supabase/functions/_shared/page-contract.ts).
      "@shared": fileURLToPath(new URL("../supabase/functions/_shared", import.meta.url)),
    },
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
    modulePreload: { resolveDependencies: appPreloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // Preact, Lingui and the language picker in one chunk the entry preloads: each is needed
        // before the first paint, and one file compresses better than three (decision 0201).
        codeSplitting: {
          groups: [
            { name: "runtime", test: /node_modules\/(react|preact|@lingui\/[a-z-]+)\/|src\/lib\/i18n\/(locales|active-locale)\.ts/ },
            ...sharedChunks.shellGroups,
            sharedChunks.group,
          ],
        },
      },
    },
  },
}));
