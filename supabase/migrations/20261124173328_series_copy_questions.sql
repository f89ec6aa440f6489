-- A series' new dates ask the same registration questions as the date before them (decisions
-- 0121, 0130): copy_occurrence_extras, as migration 20261124162516 made it, plus the questions.
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
    insert into public.event_questions (event_id, position, kind, label, required, options)
    select dst, q.position, q.kind, q.label, q.required, q.options
    from public.event_questions q where q.event_id = src order by q.position;
  end if;
end
$$;
revoke all on function private.copy_occurrence_extras(uuid, uuid, text) from public, anon, authenticated;
