import { defineProject } from 'vitest/config';

// Gather's backend (migrations, RLS, procedures) tested on the real server and database.
export default defineProject({
  test: {
    name: 'app',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../server/test/helpers/drop-test-templates.ts'],
    fileParallelism: false,
    isolate: false,
    // V8 in Node 24 can fail a CHECK (jit_page_->allocations_.erase) when it frees a wasm-to-JS
    // wrapper it tiered up, from the process-wide wrapper cache that every PGlite instance's
    // thread shares (nodejs/node#64500); a test process opens hundreds of instances. Never tiering
    // those wrappers up avoids the path, at no cost measured on PGlite's queries (decision 0450).
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
