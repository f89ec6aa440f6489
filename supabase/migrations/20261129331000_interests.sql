-- Interests (issue 33, decision 0341): topics, the free tags hosts put on events and groups, and
-- what a member follows (categories, topics and hosts), read by recommend_events (next
-- migration). What someone follows is theirs alone.

-- Tags: lower case, trimmed, single-spaced, 1-30 characters, at most 10, no repeats (in the
-- order given). Normalised by the database whatever a client sends.
create function private.normalize_tags(tags text[]) returns text[]
language plpgsql immutable as $$
declare
  out text[] := '{}';
  tag text;
begin
  foreach tag in array coalesce(tags, '{}') loop
    tag := regexp_replace(lower(btrim(coalesce(tag, ''))), '\s+', ' ', 'g');
    if tag = '' or tag = any (out) then continue; end if;
    if char_length(tag) > 30 then
      perform private.raise_error('invalid_tags', 'A topic is at most 30 characters long.');
    end if;
    out := out || tag;
  end loop;
  if cardinality(out) > 10 then
    perform private.raise_error('invalid_tags', 'Add at most 10 topics.');
  end if;
  return out;
end
$$;

create function private.tags_normalized() returns trigger
language plpgsql as $$
begin
  new.tags := private.normalize_tags(new.tags);
  return new;
end
$$;

alter table public.events add column tags text[] not null default '{}';
alter table public.groups add column tags text[] not null default '{}';
create index events_tags_idx on public.events using gin (tags);
create index groups_tags_idx on public.groups using gin (tags);
create trigger events_tags before insert or update of tags on public.events
  for each row execute function private.tags_normalized();
create trigger groups_tags before insert or update of tags on public.groups
  for each row execute function private.tags_normalized();
-- Events take inserts of every column already; edits and groups go column by column.
grant update (tags) on public.events to authenticated;
grant insert (tags), update (tags) on public.groups to authenticated;

create type public.follow_kind as enum ('category', 'topic', 'host');

-- One row per thing a member follows: a category's name (an event_category), a topic (a tag, as
-- normalised) or a host (their profile id, also in host_id so it goes when they do).
create table public.follows (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind public.follow_kind not null,
  value text not null,
  host_id uuid references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, value),
  constraint follows_host_matches check ((kind = 'host') = (host_id is not null))
);
create index follows_host_idx on public.follows (host_id) where host_id is not null;

-- The follower is the caller; the value is checked and normalised; 200 follows at most.
create function private.follow_checked() returns trigger
language plpgsql as $$
begin
  if private.is_client() then
    new.user_id := (select auth.uid());
    new.created_at := now();
  end if;
  if new.user_id is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  new.host_id := null;
  if new.kind = 'category' then
    if not coalesce(new.value = any (enum_range(null::public.event_category)::text[]), false) then
      perform private.raise_error('invalid_follow', 'Choose a category from the list.');
    end if;
  elsif new.kind = 'topic' then
    new.value := (private.normalize_tags(array[new.value]))[1];
    if new.value is null then
      perform private.raise_error('invalid_follow', 'A topic is 1 to 30 characters long.');
    end if;
  else
    if coalesce(new.value, '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or not exists (select 1 from public.profiles p where p.id = new.value::uuid) then
      perform private.raise_error('host_not_found', 'This person does not exist.', 404);
    end if;
    new.value := lower(new.value);
    if new.value::uuid = new.user_id then
      perform private.raise_error('invalid_follow', 'You cannot follow yourself.');
    end if;
    new.host_id := new.value::uuid;
  end if;
  if (select count(*) from public.follows f where f.user_id = new.user_id) >= 200 then
    perform private.raise_error('too_many_follows', 'You follow 200 things already: unfollow some first.', 409);
  end if;
  return new;
end
$$;
create trigger follows_checked before insert on public.follows
  for each row execute function private.follow_checked();

alter table public.follows enable row level security;
create policy "members see what they follow" on public.follows for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members follow" on public.follows for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "members unfollow" on public.follows for delete to authenticated
  using (user_id = (select auth.uid()));
grant select, insert (kind, value), delete on public.follows to authenticated;
grant all on public.follows to service_role;

-- normalize_tags stays callable: the triggers call it as the member who writes.
revoke all on function private.tags_normalized(), private.follow_checked() from public, anon, authenticated;
