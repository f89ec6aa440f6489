import { dropTemplatesOfEndedRuns } from './test-db.ts';

/** Vitest global setup: after the suite, the PostgreSQL template databases its workers made go too. */
export async function teardown(): Promise<void> {
  if (process.env.DATABASE_URL) await dropTemplatesOfEndedRuns();
}
