import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/helpers/drop-test-templates.ts'],
    // One worker, shared module state: a PGlite instance costs 300–700 MiB and seconds to
    // create, so test files share one prepared template (see test/helpers/test-db.ts).
    fileParallelism: false,
    isolate: false,
    // V8 in Node 24 can fail a CHECK (jit_page_->allocations_.erase) when it frees a wasm-to-JS
    // wrapper it tiered up, from the process-wide wrapper cache that every PGlite instance's
    // thread shares (nodejs/node#64500); a test process opens hundreds of instances. Never tiering
    // those wrappers up avoids the path, at no cost measured on PGlite's queries (decision 0450).
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
    testTimeout: 30_000,
    // Deliveries (realtime, mail) arrive asynchronously; a loaded CI machine needs more than 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
