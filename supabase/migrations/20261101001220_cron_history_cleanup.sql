-- pg_cron records every run in cron.job_run_details and never forgets: with the e-mail sweep every
-- minute and reminders every five, that is ~1,700 rows a day. Keep a week, as Supabase advises.
select cron.schedule('gather-prune-cron-history', '17 3 * * *',
  $$delete from cron.job_run_details where end_time < now() - interval '7 days'$$);
