import { defineProject } from 'vitest/config';
import { PGLITE_TEST_EXEC_ARGV } from '../server/test/helpers/test-process-flags.ts';

// Gather's backend (migrations, RLS, procedures) tested on the real server and database.
export default defineProject({
  test: {
    name: 'app',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../server/test/helpers/drop-test-templates.ts'],
    fileParallelism: false,
    isolate: false,
    execArgv: PGLITE_TEST_EXEC_ARGV, // decision 0450
    testTimeout: 60_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
