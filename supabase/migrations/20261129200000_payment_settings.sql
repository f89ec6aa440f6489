-- Paid tickets (issue 31, decision 0280): the currencies Gather charges in, the operator's payment
-- settings, and the Stripe accounts organizers connect (Stripe Connect).

-- The currencies an event may charge in, with Stripe's minor units and minimum charge (Stripe's
-- "Supported currencies": zero-decimal currencies take the amount as is; three-decimal ones must
-- be multiples of 10; `minimum` is the documented minimum charge in minor units, null where Stripe
-- documents none, i.e. "the equivalent of 0.50 USD", which Stripe itself decides).
create table public.currencies (
  code text primary key constraint currencies_code check (code ~ '^[A-Z]{3}$'),
  exponent int not null constraint currencies_exponent check (exponent in (0, 2, 3)),
  minimum int
);
insert into public.currencies (code, exponent, minimum) values
  ('USD', 2, 50), ('EUR', 2, 50), ('GBP', 2, 30), ('CHF', 2, 50), ('CAD', 2, 50), ('AUD', 2, 50),
  ('NZD', 2, 50), ('SGD', 2, 50), ('HKD', 2, 400), ('DKK', 2, 250), ('NOK', 2, 300), ('SEK', 2, 300),
  ('PLN', 2, 200), ('CZK', 2, 1500), ('HUF', 2, 17500), ('RON', 2, 200), ('BGN', 2, 100), ('MXN', 2, 1000),
  ('BRL', 2, 50), ('INR', 2, 50), ('AED', 2, 200), ('THB', 2, 1000), ('MYR', 2, 200), ('ZAR', 2, null),
  ('ILS', 2, null), ('TRY', 2, null), ('PHP', 2, null), ('IDR', 2, null), ('COP', 2, null), ('ARS', 2, null),
  ('JPY', 0, 50), ('KRW', 0, null), ('VND', 0, null), ('CLP', 0, null), ('PYG', 0, null), ('XOF', 0, null),
  ('XAF', 0, null), ('UGX', 0, null), ('RWF', 0, null),
  ('BHD', 3, null), ('JOD', 3, null), ('KWD', 3, null), ('OMR', 3, null), ('TND', 3, null);

alter table public.currencies enable row level security;
create policy "currencies are public" on public.currencies for select to anon, authenticated using (true);
grant select on public.currencies to anon, authenticated;
grant all on public.currencies to service_role;

-- The operator's settings, one row. `connect_enabled` off: every payment goes to the operator's
-- own Stripe account (STRIPE_SECRET_KEY). On: each organizer (or group) connects an account and
-- payments are destination charges to it, minus the platform fee (basis points of the total).
create table public.payment_settings (
  id boolean primary key default true constraint payment_settings_one_row check (id),
  connect_enabled boolean not null default false,
  platform_fee_bps int not null default 0 constraint payment_settings_fee check (platform_fee_bps between 0 and 5000),
  default_currency text not null default 'EUR' references public.currencies (code),
  hold_minutes int not null default 15 constraint payment_settings_hold check (hold_minutes between 5 and 60),
  updated_at timestamptz not null default now()
);
insert into public.payment_settings default values;
create trigger payment_settings_updated_at before update on public.payment_settings
  for each row execute function private.set_updated_at();

alter table public.payment_settings enable row level security;
create policy "payment settings are public" on public.payment_settings for select to anon, authenticated using (true);
create policy "site admins change payment settings" on public.payment_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
grant select on public.payment_settings to anon, authenticated;
grant update (connect_enabled, platform_fee_bps, default_currency, hold_minutes) on public.payment_settings to authenticated;
grant all on public.payment_settings to service_role;

create function private.payment_settings() returns public.payment_settings
language sql stable security definer set search_path = '' as $$
  select * from public.payment_settings where id
$$;

create function private.default_currency() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select default_currency from public.payment_settings where id), 'EUR')
$$;

-- Connected Stripe accounts (Connect on): one per member or per group. Written only by the
-- payment functions (service role); read by their owner: the member, or the group's organizers.
-- The Stripe id is the owner's to see, nobody else's.
create table public.payment_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete cascade,
  group_id uuid references public.groups (id) on delete cascade,
  stripe_account_id text not null unique,
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  details_submitted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_accounts_one_owner check (num_nonnulls(user_id, group_id) = 1),
  constraint payment_accounts_user_key unique (user_id),
  constraint payment_accounts_group_key unique (group_id)
);
create trigger payment_accounts_updated_at before update on public.payment_accounts
  for each row execute function private.set_updated_at();

alter table public.payment_accounts enable row level security;
create policy "owners see their payment account" on public.payment_accounts for select to authenticated
  using (user_id = (select auth.uid()) or (group_id is not null and (select private.can_manage_group(group_id))));
grant select on public.payment_accounts to authenticated;
grant all on public.payment_accounts to service_role;

-- Where an event's money goes: the event's group's account when it has one, else the host's.
-- Null while Connect is off (the operator's own account takes the payment).
create function private.event_payee(eid uuid) returns public.payment_accounts
language sql stable security definer set search_path = '' as $$
  select a.* from public.events e
  join public.payment_accounts a on (a.group_id = e.group_id) or (a.user_id = e.host_id)
  where e.id = eid and (select connect_enabled from public.payment_settings where id)
  order by (a.group_id is not null) desc
  limit 1
$$;

-- What an event's page and editor need to know about taking money, without any Stripe id:
-- {mode: 'platform' | 'connect', ready, charges_enabled, payouts_enabled, account_owner}.
create function public.event_payment_status(event_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  s public.payment_settings := private.payment_settings();
  a public.payment_accounts;
begin
  if not private.can_view_event(event_payment_status.event_id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  if not s.connect_enabled then
    return jsonb_build_object('mode', 'platform', 'ready', true, 'charges_enabled', true, 'payouts_enabled', true, 'account_owner', null);
  end if;
  a := private.event_payee(event_payment_status.event_id);
  return jsonb_build_object('mode', 'connect', 'ready', coalesce(a.charges_enabled, false),
    'charges_enabled', coalesce(a.charges_enabled, false), 'payouts_enabled', coalesce(a.payouts_enabled, false),
    'account_owner', case when a.id is null then null when a.group_id is not null then 'group' else 'host' end);
end
$$;

-- The payment functions record an account once Stripe made it (idempotent by owner).
create function public.save_payment_account(owner_user uuid, owner_group uuid, stripe_account_id text) returns public.payment_accounts
language sql security definer set search_path = '' as $$
  insert into public.payment_accounts (user_id, group_id, stripe_account_id)
  values (owner_user, owner_group, stripe_account_id)
  on conflict do nothing;
  select * from public.payment_accounts a
  where (owner_user is not null and a.user_id = owner_user) or (owner_group is not null and a.group_id = owner_group);
$$;

-- account.updated: the account's state as Stripe says it is now (the webhook fetches it).
create function public.update_payment_account(stripe_account_id text, charges_enabled boolean, payouts_enabled boolean, details_submitted boolean)
returns boolean
language sql security definer set search_path = '' as $$
  update public.payment_accounts a set charges_enabled = update_payment_account.charges_enabled,
    payouts_enabled = update_payment_account.payouts_enabled, details_submitted = update_payment_account.details_submitted
  where a.stripe_account_id = update_payment_account.stripe_account_id
  returning true;
$$;

revoke all on function public.save_payment_account(uuid, uuid, text), public.update_payment_account(text, boolean, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.save_payment_account(uuid, uuid, text), public.update_payment_account(text, boolean, boolean, boolean)
  to service_role;
revoke all on function public.event_payment_status(uuid) from public;
grant execute on function public.event_payment_status(uuid) to anon, authenticated, service_role;
revoke all on function private.event_payee(uuid), private.payment_settings() from public, anon, authenticated;

-- Who connects an account, before the onboarding function asks Stripe: the caller for
-- themselves, or a group's organizer for the group. Returns {user_id, group_id, email,
-- stripe_account_id (the existing one, if any)}; connect_disabled while Connect is off.
create function public.payment_account_owner(group_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  a public.payment_accounts;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  if not (private.payment_settings()).connect_enabled then
    perform private.raise_error('connect_disabled', 'Payments go to this site''s own Stripe account: there is nothing to connect.', 409);
  end if;
  if payment_account_owner.group_id is not null and not private.is_group_organizer(payment_account_owner.group_id) then
    perform private.raise_error('not_group_organizer', 'Only the group''s organizer can connect its payment account.', 403);
  end if;
  select * into a from public.payment_accounts x
  where (payment_account_owner.group_id is null and x.user_id = me) or x.group_id = payment_account_owner.group_id;
  return jsonb_build_object('user_id', case when payment_account_owner.group_id is null then me end,
    'group_id', payment_account_owner.group_id, 'email', (select email from auth.users where id = me),
    'stripe_account_id', a.stripe_account_id);
end
$$;
revoke all on function public.payment_account_owner(uuid) from public, anon;
grant execute on function public.payment_account_owner(uuid) to authenticated, service_role;
