import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSchedule } from '../src/cron/cron-schedule.ts';
import { CronScheduler } from '../src/cron/cron-scheduler.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project: PROJECT });
  await s.db.exec(`
    create table public.cron_ticks (id bigserial primary key, job text not null, who text not null default current_user, at timestamptz not null default now());
    grant insert on public.cron_ticks to authenticated;
    grant usage on sequence public.cron_ticks_id_seq to authenticated;`);
});
afterAll(() => s?.stop());

const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0]!.n);

// The polls are generous: a job must fire at least twice, whatever the machine's load.
const poll = { timeout: 20_000, interval: 250 };

describe('pg_cron: cron.schedule runs jobs', () => {
  it('lets a migration enable the extension, as on Supabase', async () => {
    await s.db.exec('create extension if not exists pg_cron with schema pg_catalog;');
    const { rows } = await s.db.query(`select 1 from pg_extension where extname = 'pg_cron'`);
    expect(rows).toHaveLength(1);
  });

  it('lets a project migration schedule a job, and runs @reboot jobs at start (through kong:8000)', async () => {
    const { rows } = await s.db.query(`select schedule from cron.job where jobname = 'hello-on-start'`);
    expect(rows).toEqual([{ schedule: '@reboot' }]);
    await expect
      .poll(() => count(`select count(*) as n from net._http_response where status_code = 200 and content like '%"from":"reboot"%'`), poll)
      .toBe(1);
  });

  it('runs a seconds job again and again, each run recorded in cron.job_run_details', async () => {
    const { rows } = await s.db.query<{ id: string }>(
      `select cron.schedule('ticker', '1 seconds', $$insert into public.cron_ticks (job) values ('ticker')$$)::text as id`,
    );
    await expect.poll(() => count(`select count(*) as n from public.cron_ticks where job = 'ticker'`), poll).toBeGreaterThanOrEqual(2);
    const runs = await s.db.query<{ status: string; return_message: string; username: string }>(
      `select status, return_message, username from cron.job_run_details where jobid = $1 and status <> 'running' order by runid limit 2`,
      [rows[0]!.id],
    );
    expect(runs.rows).toEqual([
      { status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres' },
      { status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres' },
    ]);
    expect(await s.db.query(`select cron.unschedule('ticker')`)).toBeTruthy();
    // Once unscheduled it stops: after any run already under way, the count stays put.
    await new Promise((r) => setTimeout(r, 1500));
    const settled = await count(`select count(*) as n from public.cron_ticks where job = 'ticker'`);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await count(`select count(*) as n from public.cron_ticks where job = 'ticker'`)).toBe(settled);
  });

  it('calls a function over pg_net on schedule (the Supabase pattern)', async () => {
    const url = `${s.url}/functions/v1/tick`;
    await s.db.query(
      `select cron.schedule('call-tick', '2 seconds', format($$select net.http_post(url := %L, body := '{"from":"cron"}'::jsonb)$$, $1::text))`,
      [url],
    );
    const calls = () =>
      count(`select count(*) as n from net._http_response where status_code = 200 and content like '%"from":"cron"%'`);
    await expect.poll(calls, poll).toBeGreaterThanOrEqual(2);
    await s.db.query(`select cron.unschedule('call-tick')`);
  });

  it('runs a job as its user, and records a failing job as failed', async () => {
    await s.db.query(
      `select cron.schedule_in_database('as-user', '1 seconds', $$insert into public.cron_ticks (job) values ('as-user')$$, current_database(), 'authenticated')`,
    );
    const { rows } = await s.db.query<{ id: string }>(`select cron.schedule('broken', '1 seconds', 'select * from no_such_table')::text as id`);
    await expect.poll(() => count(`select count(*) as n from public.cron_ticks where job = 'as-user'`), poll).toBeGreaterThanOrEqual(1);
    const who = await s.db.query<{ who: string }>(`select distinct who from public.cron_ticks where job = 'as-user'`);
    expect(who.rows).toEqual([{ who: 'authenticated' }]);
    await expect
      .poll(() => count(`select count(*) as n from cron.job_run_details where jobid = $1 and status = 'failed'`, [rows[0]!.id]), poll)
      .toBeGreaterThanOrEqual(1);
    const failed = await s.db.query<{ return_message: string }>(
      `select return_message from cron.job_run_details where jobid = $1 and status = 'failed' limit 1`,
      [rows[0]!.id],
    );
    expect(failed.rows[0]!.return_message).toMatch(/no_such_table/);
    // By name, pg_cron only finds the caller's own jobs; by id, the owner may remove any.
    await s.db.query(`select cron.unschedule(jobid) from cron.job where jobname = 'as-user'`);
    await s.db.query(`select cron.unschedule('broken')`);
  });

  it('runs each job once per tick even with two schedulers on one database', async () => {
    const silent = { error() {}, info() {}, warn() {}, debug() {} } as never;
    const second = new CronScheduler(s.db, silent);
    second.start();
    try {
      await s.db.query(`select cron.schedule('once', '1 seconds', $$insert into public.cron_ticks (job) values ('once')$$)`);
      await expect.poll(() => count(`select count(*) as n from public.cron_ticks where job = 'once'`), poll).toBeGreaterThanOrEqual(4);
      await s.db.query(`select cron.unschedule('once')`);
    } finally {
      await second.stop();
    }
    // Without the claims, two schedulers would give two runs per second.
    const { rows } = await s.db.query<{ runs: string; span: string }>(
      `select count(*) as runs, extract(epoch from max(at) - min(at))::int as span from public.cron_ticks where job = 'once'`,
    );
    expect(Number(rows[0]!.runs)).toBeLessThanOrEqual(Number(rows[0]!.span) + 2);
  });

  it('validates schedules in SQL exactly as the scheduler parses them', async () => {
    const samples = ['* * * * *', '*/5 * * * *', '0 9-17/2 * jan-mar mon-fri', '0 0 $ * *', '5/10 * * * *', '@daily', '@reboot', '30 seconds',
      '1 second', '', '* * * *', '60 * * * *', '0 24 * * *', '0 0 0 * *', '0 0 * 13 *', '60 seconds', '0 seconds', '*-5 * * * *', '5-1 * * * *', '@often'];
    for (const text of samples) {
      const { rows } = await s.db.query<{ ok: boolean }>('select cron._valid_schedule($1) as ok', [text]);
      expect(rows[0]!.ok, text).toBe(parseSchedule(text) !== undefined);
    }
  });

  it('refuses an invalid schedule with pg_cron’s error', async () => {
    await expect(s.db.query(`select cron.schedule('bad', '61 * * * *', 'select 1')`)).rejects.toThrow('invalid schedule: 61 * * * *');
    await expect(s.db.query(`select cron.unschedule('nope')`)).rejects.toThrow("could not find valid entry for job 'nope'");
  });
});
