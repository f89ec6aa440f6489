import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { linguiPlugins } from "./build/lingui-plugins";

export default defineProject({
  plugins: [react(), ...linguiPlugins()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@shared": fileURLToPath(new URL("../supabase/functions/_shared", import.meta.url)),
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
  },
});
