import { defineProject } from 'vitest/config';
import { PGLITE_TEST_EXEC_ARGV } from '../server/test/helpers/test-process-flags.ts';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    environment: 'node',
    // Two files at a time, each with its own server and browser: one kept ~1.5 of 2 cores busy,
    // two finish the suite in two thirds of the time (decision 0441).
    fileParallelism: true,
    maxWorkers: 2,
    // One process per worker for all its files: the server's and Playwright's modules load once,
    // and the next file's app server starts while this one's tests run (support/use-app.ts,
    // decision 0439).
    isolate: false,
    // Each file's app server opens PGlite in this process too: V8's wasm-to-JS wrapper crash
    // ("Check failed: jit_page") killed a fork running discover-map.test.ts (decision 0450).
    execArgv: PGLITE_TEST_EXEC_ARGV,
    // Once more before a test counts as failed: a few live-update tests act before their
    // realtime channel has joined, which a loaded machine can expose (decision 0320).
    retry: 1,
    testTimeout: 60_000,
    // What a page shows after a load or a live update, on a CPU-bound machine: as the other suites.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
  },
});
