-- A member deletes their own account (Settings → Delete account). See decision 0076.
--
-- Refused while they host upcoming events that other people RSVPed to: those people must be
-- told, and cancelling the event is what tells them. Otherwise their upcoming RSVPs are
-- cancelled first (so waitlists move up and the counts stay right), then the auth user is
-- deleted and everything of theirs goes with it by the foreign keys' cascades: profile,
-- preferences, the events they host (drafts, past ones, ones nobody joined), RSVPs, comments,
-- notifications and reports. Files in storage are removed by the app through the Storage API
-- (hosted Supabase forbids deleting storage rows from SQL).
create function public.delete_my_account() returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  blocking text;
  touched uuid[];
  r record;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;

  select string_agg(format('"%s"', b.title), ', ' order by b.starts_at) into blocking
  from (
    select e.title, e.starts_at from public.events e
    where e.host_id = me and e.status = 'published' and e.ends_at > now()
      and exists (select 1 from public.rsvps rv
                  where rv.event_id = e.id and rv.user_id <> me and rv.status in ('going', 'waitlisted', 'pending'))
    order by e.starts_at
    limit 3
  ) b;
  if blocking is not null then
    perform private.raise_error('hosting_upcoming_events',
      format('You host upcoming events that people have RSVPed to (%s). Cancel them first, then delete your account.', blocking),
      409);
  end if;

  -- Leave other people's upcoming events the normal way: the next in line gets the spot.
  for r in
    select rv.event_id from public.rsvps rv join public.events e on e.id = rv.event_id
    where rv.user_id = me and rv.status in ('going', 'waitlisted', 'pending')
      and e.status = 'published' and e.ends_at > now() and e.host_id <> me
  loop
    perform public.cancel_rsvp(r.event_id);
  end loop;

  select coalesce(array_agg(distinct rv.event_id), '{}') into touched from public.rsvps rv where rv.user_id = me;
  delete from auth.users where id = me;
  -- The cascade removed their RSVP rows; recount the events that are still there.
  perform private.refresh_event_stats(e.id) from public.events e where e.id = any (touched);
end
$$;

revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated, service_role;
