-- Communities (issue 15): groups, their members and roles, the live counts, who may see what,
-- the cover/logo bucket and the realtime topics. Procedures are in the next migration; how
-- events belong to groups in the one after. Decisions 0100-0102.

create table public.groups (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null constraint groups_name_length check (char_length(name) between 3 and 80),
  about text not null default '' constraint groups_about_length check (char_length(about) <= 20000),
  category public.event_category not null default 'community',
  -- The home city, placed on the map (near-me search, the group page's map).
  city text not null constraint groups_city_length check (char_length(city) between 1 and 120),
  lat double precision not null constraint groups_lat_range check (lat between -90 and 90),
  lng double precision not null constraint groups_lng_range check (lng between -180 and 180),
  cover_path text,
  logo_path text,
  -- private: events, members and discussion for members only; name, about, city, media public.
  visibility public.group_visibility not null default 'public',
  join_policy public.group_join_policy not null default 'open',
  created_by uuid references public.profiles (id) on delete set null,
  hidden_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(city, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(about, '')), 'C')
  ) stored
);
create index groups_search_idx on public.groups using gin (search);
create index groups_location_idx on public.groups (lat, lng);
create index groups_created_by_idx on public.groups (created_by);

-- One row per person and group, whatever their standing: an active member (with a role), a
-- pending request, or a ban (kept so that a banned member cannot rejoin).
create table public.group_members (
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.group_role not null default 'member',
  status public.group_member_status not null,
  alerts public.group_alerts not null default 'all',
  created_at timestamptz not null default now(),
  joined_at timestamptz,
  banned_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (group_id, user_id),
  -- Only active members hold a role above member.
  constraint group_members_role_needs_active check (status = 'active' or role = 'member')
);
create index group_members_user_idx on public.group_members (user_id);
create index group_members_team_idx on public.group_members (group_id, role) where status = 'active' and role <> 'member';

-- Counts per group, kept exact by a trigger under the group's row lock (decision 0101).
-- Members' count for everyone who may see the group; requests and bans for its organizers.
create table public.group_stats (
  group_id uuid primary key references public.groups (id) on delete cascade,
  member_count int not null default 0,
  updated_at timestamptz not null default now()
);
create table public.group_manager_stats (
  group_id uuid primary key references public.groups (id) on delete cascade,
  pending_count int not null default 0,
  banned_count int not null default 0,
  updated_at timestamptz not null default now()
);

-- Who the caller is to a group. Security definer, like private.event_role: policies on these
-- tables call them and must not recurse into those same policies.
create function private.group_role(gid uuid) returns public.group_role
language sql stable security definer set search_path = '' as $$
  select role from public.group_members where group_id = gid and user_id = (select auth.uid()) and status = 'active'
$$;

create function private.is_group_member(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.group_role(gid) is not null
$$;

-- Organizers and co-organizers run the group (settings, members, announcements, its events);
-- site admins may do everything they may.
create function private.can_manage_group(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or coalesce(private.group_role(gid) in ('organizer', 'co_organizer'), false)
$$;

-- Organizers alone delete the group and change who organizes it.
create function private.is_group_organizer(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or coalesce(private.group_role(gid) = 'organizer', false)
$$;

-- A group is withheld from the public while an admin has hidden it, or while one of its
-- organizers is suspended (a suspended member's groups are hidden; decision 0105).
create function private.group_withheld(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.groups g
    where g.id = gid and (
      g.hidden_at is not null
      or exists (select 1 from public.group_members m join public.profiles p on p.id = m.user_id
                 where m.group_id = g.id and m.role = 'organizer' and m.status = 'active' and p.suspended_at is not null)))
$$;

-- The group itself (name, about, city, media, organizers, member count): for everyone unless
-- withheld; a withheld group for its organizers, co-organizers and the admins.
create function private.can_see_group(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.groups where id = gid)
     and (not private.group_withheld(gid) or private.can_manage_group(gid))
$$;

-- What is inside (members, announcements, events): a public group's for everyone who may see
-- it, a private group's for its members (and the admins).
create function private.can_view_group_content(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_manage_group(gid)
      or exists (select 1 from public.groups g
                 where g.id = gid and not private.group_withheld(g.id)
                   and (g.visibility = 'public' or private.is_group_member(g.id)))
$$;

-- The rules of the form, in its words (decision 0106). The CHECK constraints stay behind them.
create function private.validate_group() returns trigger
language plpgsql as $$
begin
  new.name := trim(coalesce(new.name, ''));
  new.city := nullif(trim(coalesce(new.city, '')), '');
  if char_length(new.name) not between 3 and 80 then
    perform private.raise_error('invalid_group_name', 'The name must be 3 to 80 characters long.');
  end if;
  if char_length(coalesce(new.about, '')) > 20000 then
    perform private.raise_error('invalid_about', 'The about text can be at most 20,000 characters long.');
  end if;
  if new.city is null or new.lat is null or new.lng is null then
    perform private.raise_error('missing_city', 'Choose the group''s home city on the map.');
  end if;
  if char_length(new.city) > 120 then
    perform private.raise_error('invalid_city', 'The city can be at most 120 characters long.');
  end if;
  if new.lat not between -90 and 90 or new.lng not between -180 and 180 then
    perform private.raise_error('invalid_location', 'Latitude must be between -90 and 90 and longitude between -180 and 180.');
  end if;
  if tg_op = 'INSERT' then
    -- Server-owned: the creator is the caller (the seed and the service role name one).
    new.created_by := coalesce((select auth.uid()), new.created_by);
    if current_user = 'authenticated' and not private.is_admin() and (
      select count(*) from public.groups where created_by = new.created_by and created_at > now() - interval '1 day') >= 10 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
  end if;
  return new;
end
$$;
create trigger groups_validate before insert or update of name, about, city, lat, lng on public.groups
  for each row execute function private.validate_group();
-- Count changes are not edits: updated_at moves with the settings only.
create trigger groups_updated_at before update of name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy
  on public.groups for each row execute function private.set_updated_at();
create trigger groups_refuse_suspended before insert or update of name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy
  on public.groups for each row execute function private.refuse_suspended_writer();

-- Slugs come from the name, stay when it changes, and are unique (the unique index settles a tie).
create function private.assign_group_slug() returns trigger
language plpgsql as $$
declare
  base text := coalesce(left(nullif(private.slugify(new.name), ''), 60), 'group');
  candidate text := base;
begin
  while exists (select 1 from public.groups where slug = candidate) loop
    candidate := base || '-' || substr(md5(random()::text), 1, 6);
  end loop;
  new.slug := candidate;
  return new;
end
$$;
create trigger groups_slug before insert on public.groups
  for each row execute function private.assign_group_slug();

-- The creator is the first organizer; the counters exist from the start.
create function private.after_group_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.group_stats (group_id) values (new.id);
  insert into public.group_manager_stats (group_id) values (new.id);
  if new.created_by is not null then
    insert into public.group_members (group_id, user_id, role, status, joined_at)
    values (new.id, new.created_by, 'organizer', 'active', now());
  end if;
  return null;
end
$$;
create trigger groups_after_insert after insert on public.groups
  for each row execute function private.after_group_insert();

-- Every membership change recounts its group. Lock first, count second: the count is a new
-- statement, so under READ COMMITTED it sees every change committed by the transactions that
-- held the lock before this one. 200 joins at once give exactly 200 (decision 0101).
create function private.count_group_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  gid uuid := case tg_op when 'DELETE' then old.group_id else new.group_id end;
begin
  perform 1 from public.groups where id = gid for no key update;
  if not found then
    return null; -- the group itself is being deleted
  end if;
  update public.group_stats s set member_count = c.active, updated_at = now()
  from (select count(*) filter (where status = 'active') as active from public.group_members where group_id = gid) c
  where s.group_id = gid and s.member_count is distinct from c.active;
  update public.group_manager_stats s set pending_count = c.pending, banned_count = c.banned, updated_at = now()
  from (select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'banned') as banned
        from public.group_members where group_id = gid) c
  where s.group_id = gid and (s.pending_count, s.banned_count) is distinct from (c.pending, c.banned);
  return null;
end
$$;
create trigger group_members_count after insert or delete or update of status on public.group_members
  for each row execute function private.count_group_members();

-- A group always has at least one organizer: the last one cannot leave, be removed, banned or
-- demoted, nor delete their account, until someone else organizes it (or the group is deleted).
create function private.keep_an_organizer() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  group_name text;
begin
  if old.role = 'organizer' and old.status = 'active'
     and (tg_op = 'DELETE' or new.role <> 'organizer' or new.status <> 'active') then
    -- Under the group's lock, so two organizers stepping down at once cannot both succeed.
    select name into group_name from public.groups where id = old.group_id for no key update;
    if found and not exists (
      select 1 from public.group_members m
      where m.group_id = old.group_id and m.user_id <> old.user_id and m.role = 'organizer' and m.status = 'active') then
      perform private.raise_error('last_organizer',
        format('%s needs at least one organizer. Make another member an organizer first, or delete the group.', group_name), 409);
    end if;
  end if;
  return case tg_op when 'DELETE' then old else new end;
end
$$;
create trigger group_members_keep_organizer before update or delete on public.group_members
  for each row execute function private.keep_an_organizer();

create trigger group_members_updated_at before update on public.group_members
  for each row execute function private.set_updated_at();
create trigger group_members_refuse_suspended before insert or update on public.group_members
  for each row execute function private.refuse_suspended_writer();

-- Row-level security. Nothing is allowed by default; memberships change through procedures.
alter table public.groups enable row level security;
alter table public.group_members enable row level security;
alter table public.group_stats enable row level security;
alter table public.group_manager_stats enable row level security;

create policy "groups are public unless withheld" on public.groups for select to anon, authenticated
  using ((hidden_at is null and not private.group_withheld(id)) or (select private.can_manage_group(id)));
create policy "members create groups they organize" on public.groups for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "organizers edit their groups" on public.groups for update to authenticated
  using ((select private.can_manage_group(id))) with check ((select private.can_manage_group(id)));

create policy "members see their own membership" on public.group_members for select to authenticated
  using (user_id = (select auth.uid()));
-- Active members are listed where the group's content is visible; its organizers and
-- co-organizers wherever the group is (a private group names who runs it).
create policy "members are listed with the group" on public.group_members for select to anon, authenticated
  using (status = 'active' and ((select private.can_view_group_content(group_id))
                                or (role in ('organizer', 'co_organizer') and (select private.can_see_group(group_id)))));
create policy "organizers see requests and bans" on public.group_members for select to authenticated
  using (status <> 'active' and (select private.can_manage_group(group_id)));
-- Only the alert preference, only one's own (decision 0103).
create policy "members choose their alerts" on public.group_members for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "member counts follow the group" on public.group_stats for select to anon, authenticated
  using ((select private.can_see_group(group_id)));
create policy "organizers see request counts" on public.group_manager_stats for select to authenticated
  using ((select private.can_manage_group(group_id)));

grant select on public.groups, public.group_members, public.group_stats to anon, authenticated;
grant select on public.group_manager_stats to authenticated;
grant insert (name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy) on public.groups to authenticated;
grant update (name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy) on public.groups to authenticated;
grant update (alerts) on public.group_members to authenticated;
grant all on public.groups, public.group_members, public.group_stats, public.group_manager_stats to service_role;

-- Covers and logos: group-media/<group id>/<file>, public to read (a private group's name and
-- looks are public), written by the group's organizers and co-organizers.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('group-media', 'group-media', true, 5 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "group media is public" on storage.objects for select to anon, authenticated
  using (bucket_id = 'group-media');
create policy "organizers upload group media" on storage.objects for insert to authenticated
  with check (bucket_id = 'group-media' and private.can_manage_group(private.try_uuid((storage.foldername(name))[1])));
create policy "organizers replace group media" on storage.objects for update to authenticated
  using (bucket_id = 'group-media' and private.can_manage_group(private.try_uuid((storage.foldername(name))[1])))
  with check (bucket_id = 'group-media' and private.can_manage_group(private.try_uuid((storage.foldername(name))[1])));
create policy "organizers remove group media" on storage.objects for delete to authenticated
  using (bucket_id = 'group-media' and private.can_manage_group(private.try_uuid((storage.foldername(name))[1])));

-- Live: the group row, its member count, and organizers' request count, each delivered by
-- row-level security. group_members itself is not published: a DELETE (leaving, a declined
-- request) reaches every subscriber with its key, as on Supabase, and would say who left a
-- private group. Decision 0101.
alter publication supabase_realtime add table public.groups, public.group_stats, public.group_manager_stats;

-- A group's own channel, `group:<group id>`, is private, as the event page's (decision 0095):
-- those who may see the group's content listen and are counted in its presence (the app tracks
-- no identity there); its active members, not suspended, broadcast.
create function private.group_channel_group(topic text) returns uuid
language sql immutable as $$
  select case when topic like 'group:%' then private.try_uuid(substr(topic, 7)) end
$$;
create policy "group channels: those who may see the group listen" on realtime.messages
  for select to anon, authenticated
  using (extension in ('broadcast', 'presence') and private.group_channel_group((select realtime.topic())) is not null
         and (select private.can_view_group_content(private.group_channel_group((select realtime.topic())))));
create policy "group channels: those who may see the group are counted" on realtime.messages
  for insert to anon, authenticated
  with check (extension = 'presence' and private.group_channel_group((select realtime.topic())) is not null
              and (select private.can_view_group_content(private.group_channel_group((select realtime.topic())))));
create policy "group channels: members broadcast" on realtime.messages
  for insert to authenticated
  with check (extension = 'broadcast' and not (select private.caller_suspended())
              and (select private.is_group_member(private.group_channel_group((select realtime.topic())))
                   or private.is_admin()) and private.group_channel_group((select realtime.topic())) is not null);

revoke all on function private.count_group_members(), private.keep_an_organizer(), private.after_group_insert()
  from public, anon, authenticated;
