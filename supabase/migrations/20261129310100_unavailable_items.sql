-- Moderation that tells people (issue 32 item 5, decision 0310), for those who held a place:
-- members with an RSVP or a ticket for a hidden event (or a withheld group's event), and the
-- members of a withheld group, are told it is unavailable instead of "not found"; nobody else
-- learns anything.

-- For a member with an RSVP or a ticket for an event that has been hidden (or whose group is
-- withheld): enough to say which event is unavailable (title and time, which they had), nothing
-- more. Null for everyone else, and for any event they may still see.
create function public.unavailable_event(event_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone)
  from public.events e
  where e.slug = unavailable_event.event_slug
    and (e.hidden_at is not null or (e.group_id is not null and private.group_withheld(e.group_id)))
    and not private.can_view_event(e.id)
    and (exists (select 1 from public.rsvps r
                 where r.event_id = e.id and r.user_id = (select auth.uid()) and r.status in ('going', 'waitlisted', 'pending'))
         or exists (select 1 from public.orders o
                    where o.event_id = e.id and o.buyer_id = (select auth.uid()) and o.status in ('paid', 'partially_refunded')))
$$;

-- For an active member of a withheld group: its name, to say it is unavailable. Null otherwise.
create function public.unavailable_group(group_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('slug', g.slug, 'name', g.name)
  from public.groups g
  where g.slug = unavailable_group.group_slug and private.group_withheld(g.id) and not private.can_see_group(g.id)
    and exists (select 1 from public.group_members m where m.group_id = g.id and m.user_id = (select auth.uid()) and m.status = 'active')
$$;

revoke all on function public.unavailable_event(text), public.unavailable_group(text) from public, anon;
grant execute on function public.unavailable_event(text), public.unavailable_group(text) to authenticated, service_role;

-- Second factor everywhere (decision 0262).
select private.guard_procedure('public.unavailable_event(text)', true);
select private.guard_procedure('public.unavailable_group(text)', true);
