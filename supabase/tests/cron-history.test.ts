import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer } from './support/gather-server.ts';

let g: GatherServer;
beforeAll(async () => {
  g = await startGather();
});
afterAll(() => g.stop());

describe('cron history', () => {
  it('a nightly job keeps one week of cron.job_run_details, as the job owner may', async () => {
    const { rows: jobs } = await g.db.query<{ jobid: string; command: string; username: string }>(
      `select jobid::text, command, username from cron.job where jobname = 'gather-prune-cron-history'`,
    );
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    await g.db.query(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time, end_time)
       values ($1, current_database(), $2, 'old', 'succeeded', now() - interval '8 days', now() - interval '8 days'),
              ($1, current_database(), $2, 'recent', 'succeeded', now() - interval '1 day', now() - interval '1 day')`,
      [job.jobid, job.username],
    );
    await g.db.transaction(async (tx) => {
      await tx.exec(`set local role "${job.username}"`);
      await tx.exec(job.command);
    });
    const { rows } = await g.db.query<{ command: string }>(
      `select command from cron.job_run_details where command in ('old', 'recent')`,
    );
    expect(rows.map((r) => r.command)).toEqual(['recent']);
  });
});
