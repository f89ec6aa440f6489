-- Walk-ins (issue 32, host tools): someone who turns up at the door without an RSVP is added
-- by name (an email address if they give one) and is in at once. No account is needed, so a
-- walk-in is not an RSVP: the door counts them beside the RSVPs checked in. Whoever may check
-- people in adds them, while check-in is open, and may remove one added by mistake.
create table public.event_walk_ins (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  email text check (email is null or (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$')),
  added_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index event_walk_ins_event_idx on public.event_walk_ins (event_id, created_at);

-- Row-level security: read by the event's door team; written by the procedures below only.
alter table public.event_walk_ins enable row level security;
create policy "the door team sees its walk-ins" on public.event_walk_ins for select to authenticated
  using ((select private.can_check_in(event_id)));
grant select on public.event_walk_ins to authenticated;
grant all on public.event_walk_ins to service_role;
select private.hold_to_full_session('public.event_walk_ins');

create function public.add_walk_in(event_id uuid, name text, email text default null) returns public.event_walk_ins
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events;
  added public.event_walk_ins;
begin
  perform private.assert_full_session(writes => true);
  e := private.lock_event(add_walk_in.event_id);
  perform private.assert_active();
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if now() < e.starts_at - interval '2 hours' or now() > e.ends_at then
    perform private.raise_error('check_in_closed', 'Check-in opens 2 hours before the start and closes at the end.', 409,
      jsonb_build_object('opens_at', private.iso_time(e.starts_at - interval '2 hours'), 'closes_at', private.iso_time(e.ends_at))::text);
  end if;
  if char_length(btrim(coalesce(add_walk_in.name, ''))) not between 1 and 120 then
    perform private.raise_error('invalid_walk_in_name', 'Give the walk-in''s name (up to 120 characters).', 400);
  end if;
  if nullif(btrim(add_walk_in.email), '') is not null and btrim(add_walk_in.email) !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    perform private.raise_error('invalid_walk_in_email', 'The walk-in''s email address is not valid.', 400);
  end if;
  insert into public.event_walk_ins (event_id, name, email, added_by)
  values (e.id, btrim(add_walk_in.name), nullif(btrim(add_walk_in.email), ''), (select auth.uid()))
  returning * into added;
  return added;
end
$$;

create function public.remove_walk_in(walk_in_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  w public.event_walk_ins;
begin
  perform private.assert_full_session(writes => true);
  perform private.assert_active();
  select * into w from public.event_walk_ins where id = walk_in_id;
  if not found or not private.can_check_in(w.event_id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  delete from public.event_walk_ins where id = w.id;
end
$$;

revoke all on function public.add_walk_in(uuid, text, text), public.remove_walk_in(uuid) from public, anon;
grant execute on function public.add_walk_in(uuid, text, text), public.remove_walk_in(uuid) to authenticated, service_role;
