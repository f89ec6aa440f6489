-- Registration questions "this and following" (decision 0126): the questions of a series date
-- can be applied to every later date of the series (and of the parts split from it). A question
-- is known across dates by its `lineage_id`: the id of the question it was copied from, or its
-- own. Applying updates the same question on each later date (its id, and so the answers keyed by
-- it, stay), adds the new ones and deletes the ones removed; answers always keep their question's
-- words (decision 0130), so answers already given stay readable, as they do for one date.

alter table public.event_questions add column lineage_id uuid;

-- Questions copied to series dates before this migration: the first date's question at the same
-- place with the same words is their lineage; any other question is its own.
update public.event_questions q set lineage_id = coalesce((
  select q0.id
  from public.events e
  join public.events e0 on e0.series_id = e.series_id
  join public.event_questions q0 on q0.event_id = e0.id
  where e.id = q.event_id and q0.position = q.position and q0.label = q.label and q0.kind = q.kind
  order by e0.series_position, q0.id
  limit 1), q.id);
create index event_questions_lineage_idx on public.event_questions (lineage_id);

-- The database's column, always set by this trigger (so nullable in the schema, which keeps it
-- out of what a client's insert must send): a member's question is its own lineage (insert is
-- granted by column and lineage_id is not among them; this holds whatever the grants become).
create function private.question_lineage() returns trigger
language plpgsql as $$
begin
  if new.lineage_id is null or private.is_client() then
    new.lineage_id := new.id;
  end if;
  return new;
end
$$;
create trigger event_questions_lineage before insert on public.event_questions
  for each row execute function private.question_lineage();

-- As in migration 20261124173328, the copied questions keeping their lineage.
create or replace function private.copy_occurrence_extras(src uuid, dst uuid, online_url text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.event_hosts (event_id, user_id, role)
  select dst, h.user_id, h.role from public.event_hosts h where h.event_id = src and h.role <> 'host'
  on conflict do nothing;
  if online_url is not null then
    insert into public.event_online_links (event_id, url) values (dst, online_url)
    on conflict (event_id) do update set url = excluded.url;
  end if;
  if not exists (select 1 from public.event_questions where event_id = dst) then
    insert into public.event_questions (event_id, position, kind, label, required, options, lineage_id)
    select dst, q.position, q.kind, q.label, q.required, q.options, q.lineage_id
    from public.event_questions q where q.event_id = src order by q.position;
  end if;
end
$$;

-- apply_questions_to_following(event_id): every later, upcoming, not cancelled date of the
-- event's series (and of the parts split from it) asks this date's questions. Returns
-- {dates: how many dates were updated}.
create function public.apply_questions_to_following(event_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e public.events := private.lock_event(apply_questions_to_following.event_id);
  d record;
  n int := 0;
begin
  perform private.assert_active();
  perform private.require_event_team(e.id);
  if e.series_id is null then
    perform private.raise_error('not_in_series', 'This event is not part of a series.', 409);
  end if;
  if e.status = 'cancelled' then
    perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
  end if;
  for d in
    with recursive parts (id) as (
      select e.series_id
      union select s.id from public.event_series s join parts on s.parent_series_id = parts.id)
    select ev.id from public.events ev
    where ev.series_id in (select id from parts) and ev.id <> e.id and ev.starts_at > e.starts_at
      and ev.starts_at > now() and ev.status <> 'cancelled'
    order by ev.starts_at
    for update of ev
  loop
    delete from public.event_questions q
    where q.event_id = d.id and q.lineage_id not in (select s.lineage_id from public.event_questions s where s.event_id = e.id);
    update public.event_questions q
    set kind = s.kind, label = s.label, required = s.required, options = s.options, position = s.position
    from public.event_questions s
    where s.event_id = e.id and q.event_id = d.id and q.lineage_id = s.lineage_id
      and (q.kind, q.label, q.required, q.options, q.position) is distinct from (s.kind, s.label, s.required, s.options, s.position);
    insert into public.event_questions (event_id, position, kind, label, required, options, lineage_id)
    select d.id, s.position, s.kind, s.label, s.required, s.options, s.lineage_id
    from public.event_questions s
    where s.event_id = e.id and not exists (
      select 1 from public.event_questions q where q.event_id = d.id and q.lineage_id = s.lineage_id)
    order by s.position;
    n := n + 1;
  end loop;
  return jsonb_build_object('dates', n);
end
$$;

revoke all on function private.question_lineage() from public, anon, authenticated;
revoke all on function private.copy_occurrence_extras(uuid, uuid, text) from public, anon, authenticated;
revoke all on function public.apply_questions_to_following(uuid) from public, anon;
grant execute on function public.apply_questions_to_following(uuid) to authenticated, service_role;
