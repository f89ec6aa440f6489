import { defineConfig } from 'vitest/config';
import { PGLITE_TEST_EXEC_ARGV } from './test/helpers/test-process-flags.ts';

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
    execArgv: PGLITE_TEST_EXEC_ARGV, // decision 0450
    testTimeout: 30_000,
    // Deliveries (realtime, mail) arrive asynchronously; a loaded CI machine needs more than 1 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
