-- The admins' report queue shows reported album photos and private messages (issue 33,
-- decision 0383): until now they reached public.reports but report_queue() listed them as
-- missing targets. A photo comes with its file (bucket event-albums), caption, event and
-- uploader, and is hidden with hide_album_photo; a message with its text (admins read a message
-- only once it is reported), its sender as the author and its recipient. Messages are not hidden:
-- admins resolve or dismiss the report and may suspend the sender, as for other reports.
-- A new result shape, so the function is dropped and made again (its grants with it).

drop function public.report_queue();

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
  target_missing boolean,
  group_id uuid,
  group_slug text,
  group_name text,
  photo_path text,
  photo_caption text,
  message_body text,
  recipient_id uuid,
  recipient_username text,
  recipient_display_name text
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
         a.id, a.username, a.display_name, private.is_suspended(a.id),
         coalesce(case o.target_type::text when 'comment' then c.hidden_at when 'group' then g.hidden_at when 'photo' then ph.hidden_at
                                     when 'message' then null else e.hidden_at end is not null, false),
         case o.target_type::text when 'comment' then c.hidden_at when 'group' then g.hidden_at when 'photo' then ph.hidden_at
                                  when 'message' then null else e.hidden_at end,
         (case o.target_type::text when 'comment' then c.id is null or c.deleted_at is not null
                                   when 'group' then g.id is null when 'photo' then ph.id is null
                                   when 'message' then dm.id is null else e.id is null end),
         g.id, g.slug, g.name,
         ph.path, ph.caption, left(dm.body, 1000), rcp.id, rcp.username, rcp.display_name
  from open_reports o
  left join public.comments c on o.target_type = 'comment' and c.id = o.target_id
  left join public.event_album_photos ph on o.target_type::text = 'photo' and ph.id = o.target_id
  left join public.direct_messages dm on o.target_type::text = 'message' and dm.id = o.target_id
  left join public.events e on o.target_type::text not in ('group', 'message')
    and e.id = case o.target_type::text when 'comment' then c.event_id when 'photo' then ph.event_id else o.target_id end
  left join public.groups g on o.target_type = 'group' and g.id = o.target_id
  left join public.profiles a on a.id = case o.target_type::text when 'comment' then c.author_id when 'group' then g.created_by
                                              when 'photo' then ph.uploader_id when 'message' then dm.sender_id else e.host_id end
  left join public.profiles rcp on rcp.id = dm.recipient_id
  order by o.first_at, o.target_id;
end
$$;

revoke all on function public.report_queue() from public, anon;
grant execute on function public.report_queue() to authenticated, service_role;
-- As every security definer procedure members may call: aal2 when the account has a second
-- factor (20261129140000_second_factor_everywhere.sql; the drop above took the old guard with it).
select private.guard_procedure('public.report_queue()', true);
