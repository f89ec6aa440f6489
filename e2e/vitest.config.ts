import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    environment: 'node',
    // Two files at a time: each waits much of its time (live updates, network idle, polls), so
    // two keep the 2 cores busier than one; a file's server and browser take ~1 GiB.
    fileParallelism: true,
    maxWorkers: 2,
    // Once more before a test counts as failed: a few live-update tests act before their
    // realtime channel has joined, which a loaded machine can expose (decision 0320).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
