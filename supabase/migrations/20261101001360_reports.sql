-- Reports: members report only what they can see, once while it is open, and not in bulk;
-- admins work through a queue of reported content and close reports through one procedure,
-- which logs the decision.

-- A second open report by the same member on the same thing is refused (the trigger says so
-- in words; this index holds under concurrent inserts).
create unique index reports_one_open_per_reporter on public.reports (reporter_id, target_type, target_id) where status = 'open';

-- Whether the caller may see a comment (the comments policy of migration 0700).
create function private.can_view_comment(cid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.comments c
    where c.id = cid and private.can_view_event(c.event_id)
      and (c.hidden_at is null or c.author_id = (select auth.uid()) or private.can_manage_event(c.event_id)))
$$;

create function private.report_rules() returns trigger
language plpgsql as $$
begin
  new.reason := trim(new.reason);
  if char_length(coalesce(new.reason, '')) not between 1 and 1000 then
    perform private.raise_error('invalid_reason', 'Say what is wrong, in at most 1,000 characters.');
  end if;
  -- The service role and the seed may file anything; members only what they can see.
  if current_user = 'authenticated' then
    if not (case new.target_type when 'event' then private.can_view_event(new.target_id)
                                 else private.can_view_comment(new.target_id) end) then
      perform private.raise_error('report_target_not_found', 'This content does not exist or is not visible to you.', 404);
    end if;
    if (select count(*) from public.reports where reporter_id = new.reporter_id and created_at > now() - interval '1 hour') >= 20 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
  end if;
  if exists (select 1 from public.reports r where r.reporter_id = new.reporter_id and r.target_type = new.target_type
             and r.target_id = new.target_id and r.status = 'open') then
    perform private.raise_error('already_reported', 'You already reported this. An admin will look at it soon.', 409);
  end if;
  return new;
end
$$;
create trigger reports_rules before insert on public.reports
  for each row execute function private.report_rules();

-- Closing reports goes through resolve_report only, so that every decision is logged.
drop policy "admins resolve reports" on public.reports;
revoke update on public.reports from authenticated;

-- Resolves or dismisses a report, and with it every other open report on the same content:
-- the admin decides about the content, not about each report (decision 0054).
create function public.resolve_report(report_id uuid, status text) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  rep public.reports;
  closed uuid[];
begin
  perform private.assert_active();
  perform private.require_admin();
  if resolve_report.status is null or resolve_report.status not in ('resolved', 'dismissed') then
    perform private.raise_error('invalid_status', 'A report is either resolved or dismissed.');
  end if;
  select * into rep from public.reports r where r.id = resolve_report.report_id for update;
  if not found then
    perform private.raise_error('report_not_found', 'This report does not exist.', 404);
  end if;
  if rep.status <> 'open' then
    perform private.raise_error('report_closed', 'This report was already handled.', 409);
  end if;
  with done as (
    update public.reports r
    set status = resolve_report.status::public.report_status, resolved_by = (select auth.uid()), resolved_at = now()
    where r.target_type = rep.target_type and r.target_id = rep.target_id and r.status = 'open'
    returning r.id
  )
  select array_agg(id) into closed from done;
  perform private.log_moderation(case resolve_report.status when 'resolved' then 'report_resolved' else 'report_dismissed' end,
    'report', rep.id, jsonb_build_object('target_type', rep.target_type, 'target_id', rep.target_id, 'report_ids', to_jsonb(closed)));
end
$$;

-- The admins' queue: one row per reported comment or event with open reports, oldest first,
-- with what an admin needs to decide. `report_id` is the handle for resolve_report.
create function public.report_queue() returns table (
  report_id uuid,
  report_ids uuid[],
  target_type public.report_target,
  target_id uuid,
  report_count int,
  reasons text[],
  reporters text[],
  first_reported_at timestamptz,
  last_reported_at timestamptz,
  event_id uuid,
  event_slug text,
  event_title text,
  comment_body text,
  author_id uuid,
  author_username text,
  author_display_name text,
  author_suspended boolean,
  hidden boolean,
  hidden_at timestamptz,
  target_missing boolean
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform private.require_admin();
  return query
  with open_reports as (
    select r.target_type, r.target_id,
           array_agg(r.id order by r.created_at) as ids,
           count(*)::int as n,
           array_agg(r.reason order by r.created_at) as reasons,
           array_agg(p.username order by r.created_at) as reporters,
           min(r.created_at) as first_at,
           max(r.created_at) as last_at
    from public.reports r left join public.profiles p on p.id = r.reporter_id
    where r.status = 'open'
    group by r.target_type, r.target_id
  )
  select o.ids[1], o.ids, o.target_type, o.target_id, o.n, o.reasons, o.reporters, o.first_at, o.last_at,
         e.id, e.slug, e.title,
         case when c.deleted_at is null then left(c.body, 280) end,
         a.id, a.username, a.display_name, a.suspended_at is not null,
         coalesce(case o.target_type when 'comment' then c.hidden_at else e.hidden_at end is not null, false),
         case o.target_type when 'comment' then c.hidden_at else e.hidden_at end,
         (case o.target_type when 'comment' then c.id is null or c.deleted_at is not null else e.id is null end)
  from open_reports o
  left join public.comments c on o.target_type = 'comment' and c.id = o.target_id
  left join public.events e on e.id = case o.target_type when 'comment' then c.event_id else o.target_id end
  left join public.profiles a on a.id = case o.target_type when 'comment' then c.author_id else e.host_id end
  order by o.first_at, o.target_id;
end
$$;

revoke all on function public.resolve_report(uuid, text), public.report_queue() from public, anon;
grant execute on function public.resolve_report(uuid, text), public.report_queue() to authenticated, service_role;

-- The admins' queue can follow new reports live (row-level security shows them to admins only).
alter publication supabase_realtime add table public.reports;
