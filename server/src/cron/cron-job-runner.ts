import type { Db, QueryResult } from '../db/db-types.ts';

export interface CronJob {
  jobid: string;
  schedule: string;
  command: string;
  username: string;
  jobname: string | null;
}

// Statements Postgres refuses inside a transaction block; pg_cron runs them in autocommit.
const NO_TRANSACTION = /^\s*(vacuum|create\s+(unique\s+)?index\s+concurrently|reindex\s+.*concurrently|drop\s+index\s+concurrently)\b/i;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** pg_cron's `return_message` for a single statement: its command tag, e.g. "SELECT 1", "INSERT 0 2". */
function commandTag(sql: string, r: QueryResult): string {
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'OK';
  if (verb === 'SELECT' || verb === 'VALUES' || verb === 'TABLE') return `SELECT ${r.rows.length}`;
  if (verb === 'INSERT') return `INSERT 0 ${r.affectedRows}`;
  if (verb === 'UPDATE' || verb === 'DELETE' || verb === 'MERGE') return `${verb} ${r.affectedRows}`;
  return verb;
}

/**
 * Runs one job the way pg_cron does: its SQL in one transaction, as the job's user (`set local
 * role` when that is not the connecting owner), with a `cron.job_run_details` row going from
 * running to succeeded or failed.
 */
export async function runJob(db: Db, job: CronJob): Promise<void> {
  const { rows } = await db.query<{ runid: string }>(
    `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
     values ($1, current_database(), $2, $3, 'running', now()) returning runid::text as runid`,
    [job.jobid, job.username, job.command],
  );
  const runid = rows[0]!.runid;
  let status = 'succeeded';
  let message: string;
  let pid: number | null = null;
  try {
    if (NO_TRANSACTION.test(job.command)) {
      await db.exec(job.command);
      message = job.command.trim().split(/\s+/)[0]!.toUpperCase();
    } else {
      message = await db.transaction(async (tx) => {
        pid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const me = (await tx.query<{ u: string }>('select current_user as u')).rows[0]!.u;
        if (job.username !== me) await tx.exec(`set local role ${quoteIdent(job.username)}`);
        // One statement: run it as a query to report its tag; several: as a script.
        const single = !job.command.trim().replace(/;\s*$/, '').includes(';');
        if (single) return commandTag(job.command, await tx.query(job.command));
        await tx.exec(job.command);
        return 'OK';
      });
    }
  } catch (err) {
    status = 'failed';
    message = (err as Error).message;
  }
  await db.query(
    `update cron.job_run_details set status = $2, return_message = $3, job_pid = $4, end_time = now() where runid = $1`,
    [runid, status, message, pid],
  );
}
