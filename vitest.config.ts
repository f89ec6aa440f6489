import { defineConfig } from 'vitest/config';

// One `vitest run` covers the server, the web app and the browser tests; each folder
// configures its own project.
export default defineConfig({
  test: {
    projects: ['server', 'supabase', 'web', 'web/vitest.tools.config.ts', 'e2e'],
    reporters: ['default', './vitest.summary-reporter.ts'],
  },
});
