-- In-app notifications, delivered live through realtime; emails are sent by the `notify` function.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on public.notifications (user_id, created_at desc);

alter table public.notifications enable row level security;
create policy "members read their notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members mark their notifications read" on public.notifications for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant all on public.notifications to service_role;

create function private.notify(recipient uuid, kind text, payload jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.notifications (user_id, kind, payload) values (recipient, kind, payload)
$$;
