import { dropTemplatesOfEndedRuns } from './test-db.ts';

/** Vitest global setup: names the run for its workers' databases (test-db.ts), which go after it. */
export function setup(): void {
  process.env.GATHER_TEST_RUN = String(process.pid);
}

/** After the suite, the PostgreSQL templates and spare copies its workers made go too. */
export async function teardown(): Promise<void> {
  if (process.env.DATABASE_URL) await dropTemplatesOfEndedRuns(process.pid);
}
