-- The minute's payments sweep runs in the database; the payments-sweep function is called only
-- when there is something for Stripe (decision 0403). Before, pg_cron called the function every
-- minute, which kept a function worker (~65 MiB) alive for good on every install, Stripe or not.
-- sweep_payments() closes lapsed holds and passes lapsed waitlist offers on by itself; what needs
-- Stripe is an open Checkout Session of a closed order, or a refund the database asked for.
-- Returns the pg_net request id of the function's call, or null when none was needed.
create function private.sweep_payments_job() returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  swept jsonb := public.sweep_payments();
begin
  if jsonb_array_length(swept -> 'sessions') > 0
     or exists (select 1 from public.order_refunds r where r.status = 'requested') then
    return private.call_function('payments-sweep');
  end if;
  return null;
end
$$;
revoke all on function private.sweep_payments_job() from public, anon, authenticated;

-- Same name: pg_cron replaces the job's command and keeps its schedule.
select cron.schedule('gather-payments-sweep', '* * * * *', $$select private.sweep_payments_job()$$);
