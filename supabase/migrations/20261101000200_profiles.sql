-- Profiles: one per auth user, created on sign-up.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null unique
    constraint profiles_username_format check (username ~ '^[a-z0-9_]{3,30}$'),
  display_name text not null
    constraint profiles_display_name_length check (char_length(display_name) between 1 and 60),
  avatar_path text,
  bio text not null default ''
    constraint profiles_bio_length check (char_length(bio) <= 300),
  home_city text,
  home_lat double precision check (home_lat between -90 and 90),
  home_lng double precision check (home_lng between -180 and 180),
  suspended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger profiles_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

create table public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  email_reminders boolean not null default true,
  email_rsvp_updates boolean not null default true,
  email_host_messages boolean not null default true,
  updated_at timestamptz not null default now()
);

create trigger notification_preferences_updated_at before update on public.notification_preferences
  for each row execute function private.set_updated_at();

-- A unique username from the sign-up metadata or the email's local part.
create function private.unique_username(wanted text) returns text
language plpgsql as $$
declare
  base text := left(regexp_replace(lower(coalesce(wanted, '')), '[^a-z0-9_]+', '_', 'g'), 24);
  candidate text;
  n int := 0;
begin
  if char_length(base) < 3 then base := 'user_' || base; end if;
  candidate := base;
  while exists (select 1 from public.profiles where username = candidate) loop
    n := n + 1;
    candidate := base || '_' || n;
  end loop;
  return candidate;
end
$$;

create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  local_part text := split_part(coalesce(new.email, ''), '@', 1);
begin
  insert into public.profiles (id, username, display_name)
  values (
    new.id,
    private.unique_username(coalesce(nullif(meta ->> 'username', ''), nullif(local_part, ''), 'user')),
    left(coalesce(nullif(meta ->> 'display_name', ''), nullif(meta ->> 'full_name', ''), nullif(local_part, ''), 'New member'), 60)
  );
  insert into public.notification_preferences (user_id) values (new.id);
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

alter table public.profiles enable row level security;
alter table public.notification_preferences enable row level security;

create policy "profiles are public" on public.profiles for select to anon, authenticated using (true);
create policy "members edit their own profile" on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy "admins edit any profile" on public.profiles for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "members read their preferences" on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members set their preferences" on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "members change their preferences" on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Only suspension is an admin's business; members may not lift their own.
create function private.guard_profile_update() returns trigger
language plpgsql as $$
begin
  if new.suspended_at is distinct from old.suspended_at and not private.is_admin()
     and current_user not in ('postgres', 'service_role') then
    perform private.raise_error('not_admin', 'Only site admins can do that.', 403);
  end if;
  return new;
end
$$;
create trigger profiles_guard before update on public.profiles
  for each row execute function private.guard_profile_update();

grant select on public.profiles to anon, authenticated;
grant update (username, display_name, avatar_path, bio, home_city, home_lat, home_lng, suspended_at)
  on public.profiles to authenticated;
grant select, insert, update on public.notification_preferences to authenticated;
grant all on public.profiles, public.notification_preferences to service_role;
