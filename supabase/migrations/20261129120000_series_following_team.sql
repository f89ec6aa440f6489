-- "This and following" is for the team of every date it changes (issue 30, decision 0268). The
-- series procedures asked only whether the caller ran the date they started from: a co-host the
-- host had removed from the later dates could still rewrite them (update_series_from, to another
-- day or rule too), replace their questions (apply_questions_to_following) or cancel them
-- (cancel_series) from an earlier date they still co-host.

-- As in migration 20261124162601, for a date of a series: the caller runs it and every later date
-- of the series and of the parts split from it that is not cancelled (cancelled dates never
-- change again). require_event_team is asked by the series procedures alone: create_series (not
-- yet a series), update_series_from, apply_questions_to_following and cancel_series.
create or replace function private.require_event_team(eid uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_manage_event(eid) or exists (
    with recursive parts (id) as (
      select e.series_id from public.events e where e.id = eid and e.series_id is not null
      union
      select s.id from public.event_series s join parts on s.parent_series_id = parts.id)
    select 1
    from public.events e, public.events d
    where e.id = eid and d.series_id in (select id from parts) and d.id <> e.id and d.status <> 'cancelled'
      and (d.series_id <> e.series_id or d.series_position > e.series_position)
      and not private.can_manage_event(d.id)) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
end
$$;

-- As in migration 20261124162601, and the caller must run every date it cancels, the earlier ones
-- included (the check above starts at the first date the caller can see).
create or replace function public.cancel_series(series_id uuid, reason text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.event_series;
  first_id uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into s from public.event_series where id = cancel_series.series_id for update;
  select e.id into first_id from public.events e
  where e.series_id = s.id and private.can_view_event(e.id) order by e.series_position limit 1;
  if first_id is null then
    perform private.raise_error('series_not_found', 'This series does not exist or is not visible to you.', 404);
  end if;
  perform private.require_event_team(first_id);
  if exists (select 1 from public.events e where e.series_id = s.id and e.status <> 'cancelled' and e.starts_at > now()
             and not private.can_manage_event(e.id)) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if char_length(coalesce(reason, '')) > 1000 then
    perform private.raise_error('invalid_reason', 'The reason can be at most 1,000 characters long.');
  end if;
  update public.events e set status = 'cancelled', cancel_reason = nullif(trim(cancel_series.reason), '')
  where e.series_id = s.id and e.status <> 'cancelled' and e.starts_at > now();
  update public.event_series set status = 'cancelled' where id = s.id;
  return private.series_summary(s.id);
end
$$;
