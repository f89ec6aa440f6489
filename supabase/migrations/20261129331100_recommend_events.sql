-- "For you" (issue 33, decision 0342): recommend_events(max) ranks the upcoming events the caller
-- may see by six signals and says why in one line, in the caller's language.
--
-- It is not security definer: row-level security decides what it reads, so a pick is an event
-- the caller can already see, and "people you have been to events with are going" counts only
-- RSVPs the caller can already see (those going to events visible to them). Unlisted and private
-- events are never picked; nor events the caller hosts or has answered.

-- A category's name as the app shows it (web/src/lib/categories.ts and its catalogues).
create function private.category_name(category public.event_category, locale text) returns text
language sql immutable as $$
  select (case locale
    when 'fr' then '{"arts":"Arts","books":"Livres","career":"Carrière","community":"Communauté","food":"Cuisine","games":"Jeux","health":"Santé","music":"Musique","outdoors":"Plein air","tech":"Tech","other":"Autre"}'
    when 'es' then '{"arts":"Arte","books":"Libros","career":"Carrera","community":"Comunidad","food":"Gastronomía","games":"Juegos","health":"Salud","music":"Música","outdoors":"Aire libre","tech":"Tecnología","other":"Otros"}'
    when 'de' then '{"arts":"Kunst","books":"Bücher","career":"Beruf","community":"Gemeinschaft","food":"Essen","games":"Spiele","health":"Gesundheit","music":"Musik","outdoors":"Draußen","tech":"Technik","other":"Sonstiges"}'
    when 'pt-BR' then '{"arts":"Artes","books":"Livros","career":"Carreira","community":"Comunidade","food":"Gastronomia","games":"Jogos","health":"Saúde","music":"Música","outdoors":"Ao ar livre","tech":"Tecnologia","other":"Outros"}'
    else '{"arts":"Arts","books":"Books","career":"Career","community":"Community","food":"Food","games":"Games","health":"Health","music":"Music","outdoors":"Outdoors","tech":"Tech","other":"Other"}'
  end)::jsonb ->> category::text
$$;

-- The one line that explains a pick; {x} is the group, the followed thing or the distance.
create function private.recommend_reason(signal text, locale text, x text) returns text
language sql immutable as $$
  select replace(case locale
    when 'fr' then case signal
      when 'group' then 'De {x}, un groupe dont vous êtes membre'
      when 'co_attendees' then 'Des personnes avec qui vous êtes allé·e à des événements y vont'
      when 'near' then 'Près de chez vous : à {x} km'
      when 'new' then 'Nouveau cette semaine'
      else 'Parce que vous suivez {x}' end
    when 'es' then case signal
      when 'group' then 'De {x}, un grupo del que eres miembro'
      when 'host' then 'Porque sigues a {x}'
      when 'co_attendees' then 'Van personas con las que has ido a eventos'
      when 'near' then 'Cerca de ti: a {x} km'
      when 'new' then 'Nuevo esta semana'
      else 'Porque sigues {x}' end
    when 'de' then case signal
      when 'group' then 'Von {x}, einer Gruppe, in der du bist'
      when 'co_attendees' then 'Leute, mit denen du bei Veranstaltungen warst, gehen hin'
      when 'near' then 'In deiner Nähe: {x} km entfernt'
      when 'new' then 'Neu diese Woche'
      else 'Weil du {x} folgst' end
    when 'pt-BR' then case signal
      when 'group' then 'De {x}, um grupo do qual você participa'
      when 'co_attendees' then 'Pessoas com quem você foi a eventos vão'
      when 'near' then 'Perto de você: a {x} km'
      when 'new' then 'Novo esta semana'
      else 'Porque você segue {x}' end
    else case signal
      when 'group' then 'From {x}, a group you''re in'
      when 'co_attendees' then 'People you''ve been to events with are going'
      when 'near' then 'Near you: {x} km away'
      when 'new' then 'New this week'
      else 'Because you follow {x}' end
  end, '{x}', coalesce(x, ''))
$$;

-- Weights (decision 0342): a group I am in 40; a host I follow 30; a topic 25; a category 20;
-- each person I have been to events with who is going 10 (3 at most); near my home up to 15
-- (linearly to 0 at 50 km); published in the last 7 days up to 10. The reason is the strongest
-- signal's; ties go to the earlier start.
-- The reasons are in the language on the member's screen when the app passes it (`lang`, one of
-- the five), else in their profile's; `rpc('recommend_events', { max })` works, lang being optional.
-- Only events with at least one signal are scored (the others would score 0 and never be picked).
create function public.recommend_events(max int default 10, lang text default null)
returns table (id uuid, slug text, title text, starts_at timestamptz, reason text, signal text, score real)
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
    select e.id, e.slug, e.title, e.starts_at, e.host_id, e.category, e.tags, e.group_id, e.lat, e.lng, e.is_online,
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
    r.top, r.total
  from ranked r
  where r.top is not null
  order by r.total desc, r.starts_at, r.id
  limit max;
end
$$;

-- Visitors may call it and hear "sign in" (401) rather than a bare permission error.
grant execute on function public.recommend_events(int, text) to anon, authenticated;
revoke all on function private.category_name(public.event_category, text), private.recommend_reason(text, text, text)
  from public, anon;
grant execute on function private.category_name(public.event_category, text), private.recommend_reason(text, text, text)
  to authenticated;
