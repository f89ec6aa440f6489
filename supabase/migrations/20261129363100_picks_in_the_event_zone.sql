-- Picks carry their event's time zone (issue 33, decision 0406), so that "For you" and the weekly
-- email say the time as the rest of the app does (decision 0327): the venue's clock with its UTC
-- offset, instead of the reader's zone or UTC. `timezone` is added last: the columns other tools
-- read (id, slug, title, starts_at, reason) keep their names and places. A new result shape needs
-- the function dropped and made again; the body is migration 20261129331100's, with e.timezone.

drop function public.recommend_events(int, text);

create function public.recommend_events(max int default 10, lang text default null)
returns table (id uuid, slug text, title text, starts_at timestamptz, reason text, signal text, score real, timezone text)
language plpgsql stable set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  speak text;
  home_lat double precision;
  home_lng double precision;
begin
  if me is null then perform private.raise_error('not_signed_in', 'Sign in to see events picked for you.', 401); end if;
  if max is null or max not between 1 and 50 then
    perform private.raise_error('invalid_max', 'Ask for 1 to 50 events.');
  end if;
  -- The language on the member's screen when the app says it, else their profile's.
  select case when recommend_events.lang in ('en', 'fr', 'es', 'de', 'pt-BR') then recommend_events.lang
              else coalesce(p.locale, 'en') end
    into speak from public.profiles p where p.id = me;
  select pp.home_lat, pp.home_lng into home_lat, home_lng from public.profile_private pp where pp.id = me;
  return query
  with my_groups as (
    select m.group_id from public.group_members m where m.user_id = me and m.status = 'active'
  ),
  mine as (select f.kind, f.value, f.host_id from public.follows f where f.user_id = me),
  my_topics as (select coalesce(array_agg(f.value), '{}') as tags from mine f where f.kind = 'topic'),
  -- People who were going to an event that has ended that I was going to as well.
  companions as (
    select distinct other.user_id
    from public.rsvps mine_r
    join public.events past on past.id = mine_r.event_id and past.ends_at < now()
    join public.rsvps other on other.event_id = past.id and other.status = 'going' and other.user_id <> me
    where mine_r.user_id = me and mine_r.status = 'going'
  ),
  -- Only events with at least one signal are scored: the others would score 0 and are never
  -- picked, and scoring runs a few lookups per event.
  candidates as (
    select e.id, e.slug, e.title, e.starts_at, e.timezone, e.host_id, e.category, e.tags, e.group_id, e.lat, e.lng, e.is_online,
           e.published_at, g.name as group_name, g.tags as group_tags
    from public.events e
    left join public.groups g on g.id = e.group_id
    where e.status = 'published' and e.visibility in ('public', 'members') and e.hidden_at is null
      and e.starts_at > now() and e.host_id <> me
      and not exists (select 1 from public.event_hosts h where h.event_id = e.id and h.user_id = me)
      and not exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = me)
      and (e.group_id in (select group_id from my_groups)
        or e.host_id in (select f.host_id from mine f where f.kind = 'host')
        or e.category::text in (select f.value from mine f where f.kind = 'category')
        or e.tags && (select tags from my_topics)
        or coalesce(g.tags, '{}') && (select tags from my_topics)
        or e.published_at > now() - interval '7 days'
        or (home_lat is not null and e.lat is not null and not e.is_online
            and private.distance_km(home_lat, home_lng, e.lat, e.lng) < 50)
        or exists (select 1 from public.rsvps r where r.event_id = e.id and r.status = 'going'
                   and r.user_id in (select user_id from companions)))
  ),
  signals as (
    select c.*,
      case when c.group_id in (select group_id from my_groups) then 40 else 0 end as s_group,
      (select p.display_name from mine f join public.profiles p on p.id = f.host_id
        where f.kind = 'host' and f.host_id = c.host_id) as followed_host,
      (select f.value from mine f where f.kind = 'topic' and f.value = any (c.tags || coalesce(c.group_tags, '{}'))
        order by f.value limit 1) as followed_topic,
      exists (select 1 from mine f where f.kind = 'category' and f.value = c.category::text) as followed_category,
      (select count(*) from public.rsvps r where r.event_id = c.id and r.status = 'going'
        and r.user_id in (select user_id from companions))::int as going_companions,
      case when home_lat is not null and c.lat is not null and not c.is_online
        then private.distance_km(home_lat, home_lng, c.lat, c.lng) end as km,
      extract(epoch from now() - c.published_at) / 86400 as age_days
    from candidates c
  ),
  scored as (
    select s.*,
      (case when s.followed_host is not null then 30 else 0 end) as s_host,
      (case when s.followed_topic is not null then 25 else 0 end) as s_topic,
      (case when s.followed_category then 20 else 0 end) as s_category,
      10 * least(s.going_companions, 3) as s_co,
      (case when s.km < 50 then 15 * (1 - s.km / 50) else 0 end) as s_near,
      (case when s.age_days < 7 then 10 * (1 - s.age_days / 7) else 0 end) as s_new
    from signals s
  ),
  ranked as (
    select s.*, (s.s_group + s.s_host + s.s_topic + s.s_category + s.s_co + s.s_near + s.s_new)::real as total,
      (select k from (values ('group', s.s_group::float8, 1), ('host', s.s_host, 2), ('topic', s.s_topic, 3),
                             ('category', s.s_category, 4), ('co_attendees', s.s_co, 5), ('near', s.s_near, 6),
                             ('new', s.s_new, 7)) v(k, w, o)
        where v.w > 0 order by v.w desc, v.o limit 1) as top
    from scored s
  )
  select r.id, r.slug, r.title, r.starts_at,
    private.recommend_reason(r.top, speak, case r.top
      when 'group' then r.group_name
      when 'host' then r.followed_host
      when 'topic' then r.followed_topic
      when 'category' then private.category_name(r.category, speak)
      when 'near' then greatest(1, round(r.km))::int::text
    end),
    r.top, r.total, r.timezone
  from ranked r
  where r.top is not null
  order by r.total desc, r.starts_at, r.id
  limit max;
end
$$;

-- Visitors may call it and hear "sign in" (401) rather than a bare permission error.
grant execute on function public.recommend_events(int, text) to anon, authenticated;

-- As in migration 20261129334000, with each pick's zone in the queued email.
create or replace function private.queue_weekly_picks() returns int
language plpgsql set search_path = '' as $$
declare
  this_week date := date_trunc('week', now() at time zone 'utc')::date;
  saved_claims text := current_setting('request.jwt.claims', true);
  saved_sub text := current_setting('request.jwt.claim.sub', true);
  saved_role text := current_user;
  member uuid;
  found_picks jsonb;
  queued int := 0;
begin
  for member in
    select np.user_id from public.notification_preferences np
    join auth.users u on u.id = np.user_id and u.email is not null
    where np.weekly_picks and not private.is_suspended(np.user_id)
      and not exists (select 1 from private.weekly_picks_queue q where q.user_id = np.user_id and q.week = this_week)
    order by np.user_id
  loop
    begin
      perform set_config('request.jwt.claims', jsonb_build_object('sub', member, 'role', 'authenticated', 'aud', 'authenticated')::text, true);
      perform set_config('request.jwt.claim.sub', member::text, true);
      set local role authenticated;
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'slug', r.slug, 'title', r.title, 'starts_at', r.starts_at,
                                                   'reason', r.reason, 'timezone', r.timezone) order by r.n), '[]')
        into found_picks
        from public.recommend_events(5) with ordinality r(id, slug, title, starts_at, reason, signal, score, timezone, n);
      execute format('set local role %I', saved_role);
      if jsonb_array_length(found_picks) > 0 then
        insert into private.weekly_picks_queue (user_id, week, picks) values (member, this_week, found_picks)
          on conflict do nothing;
        if found then queued := queued + 1; end if;
      end if;
    exception when others then
      -- One member's failure (a deleted account mid-run) does not cost the others their email.
      raise warning 'weekly picks for %: %', member, sqlerrm;
    end;
  end loop;
  perform set_config('request.jwt.claims', coalesce(saved_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(saved_sub, ''), true);
  return queued;
end
$$;
revoke all on function private.queue_weekly_picks() from public, anon, authenticated, service_role;
