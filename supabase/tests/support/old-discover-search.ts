// Discover's search as migrations 20261129350100 and 20261129321000 left it: private.discover_matches
// and search_event_series in one invoker function, the words tested on every upcoming event. Tests
// compare the reads that replaced it with it, on the same population and for the same callers.

const ARGS = `query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null, online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false`;

/** What the old search ranked by: relevance, then date. */
export const OLD_ORDER = `case when nullif(trim(query), '') is null then 0 else -ts_rank(e.search, websearch_to_tsquery('english', query)) end,
             e.starts_at`;

/** `create function public.<name>(…)`: the old search's cards, in `orderBy` (its own order by default). */
export function oldSearchSeriesSql(name: string, orderBy = OLD_ORDER): string {
  return `
  create function public.${name}(${ARGS}) returns setof public.events
  language sql stable as $$
    select e.* from public.events e
    where e.status = 'published' and e.hidden_at is null
      and ((e.group_id is null and e.visibility = 'public')
           or (e.visibility = 'public' and e.group_id in (select private.open_group_ids()))
           or (e.visibility in ('public', 'members') and e.group_id in (select private.my_group_ids())
               and e.group_id not in (select private.withheld_group_ids())))
      and e.ends_at >= starts_after
      and e.starts_at >= starts_after - interval '14 days'
      and (starts_before is null or e.starts_at < starts_before)
      and (${name}.category is null or e.category = ${name}.category)
      and (not online_only or e.is_online)
      and (nullif(trim(query), '') is null
           or e.search @@ websearch_to_tsquery('english', query)
           or e.title ilike '%' || replace(replace(trim(query), '%', '\\%'), '_', '\\_') || '%')
      and (near_lat is null or near_lng is null or radius_km is null
           or private.distance_km(near_lat, near_lng, e.lat, e.lng) <= radius_km)
      and (not coalesce(in_my_groups, false) or e.group_id in (select private.my_group_ids()))
      and private.leads_its_series(e, starts_after)
    order by ${orderBy}
  $$`;
}
