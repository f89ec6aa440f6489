-- RSVPs and the live counters a page can subscribe to.

create table public.rsvps (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  status public.rsvp_status not null,
  guests int not null default 0 constraint rsvps_guests_range check (guests between 0 and 10),
  waitlist_position bigint,
  checked_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index rsvps_user_idx on public.rsvps (user_id);
create index rsvps_waitlist_idx on public.rsvps (event_id, waitlist_position) where status = 'waitlisted';

create trigger rsvps_updated_at before update on public.rsvps
  for each row execute function private.set_updated_at();

-- Counts per event, kept by the RSVP procedures so that anyone who may see the event can
-- read (and subscribe to) spots left without seeing who RSVPed.
create table public.event_stats (
  event_id uuid primary key references public.events (id) on delete cascade,
  going_count int not null default 0,
  guest_count int not null default 0,
  waitlist_count int not null default 0,
  pending_count int not null default 0,
  checked_in_count int not null default 0,
  spots_left int,
  updated_at timestamptz not null default now()
);

create function private.refresh_event_stats(eid uuid) returns void
language sql security definer set search_path = '' as $$
  insert into public.event_stats as s (event_id, going_count, guest_count, waitlist_count, pending_count, checked_in_count, spots_left, updated_at)
  select e.id,
         count(r.*) filter (where r.status = 'going'),
         coalesce(sum(r.guests) filter (where r.status = 'going'), 0),
         count(r.*) filter (where r.status = 'waitlisted'),
         count(r.*) filter (where r.status = 'pending'),
         count(r.*) filter (where r.checked_in_at is not null),
         case when e.capacity is null then null
              else greatest(e.capacity - coalesce(sum(1 + r.guests) filter (where r.status = 'going'), 0), 0) end,
         now()
  from public.events e left join public.rsvps r on r.event_id = e.id
  where e.id = eid
  group by e.id, e.capacity
  on conflict (event_id) do update set
    going_count = excluded.going_count, guest_count = excluded.guest_count,
    waitlist_count = excluded.waitlist_count, pending_count = excluded.pending_count,
    checked_in_count = excluded.checked_in_count, spots_left = excluded.spots_left, updated_at = now()
$$;

-- Published public and unlisted events are for everyone; drafts for their hosts; private
-- events for their hosts and for people invited or with an RSVP.
create function private.can_view_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.events e
    where e.id = eid and (
      (e.status <> 'draft' and e.visibility <> 'private')
      or private.is_admin()
      or private.event_role(e.id) is not null
      or (e.status <> 'draft' and (
            exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = (select auth.uid()))
         or exists (select 1 from public.event_invites i where i.event_id = e.id and i.user_id = (select auth.uid()))))))
$$;

-- Row-level security for events and what hangs off them. Nothing is allowed by default.
alter table public.events enable row level security;
alter table public.event_hosts enable row level security;
alter table public.event_invites enable row level security;
alter table public.rsvps enable row level security;
alter table public.event_stats enable row level security;

create policy "events are visible to those who may see them" on public.events for select to anon, authenticated
  using ((status <> 'draft' and visibility <> 'private') or host_id = (select auth.uid()) or (select private.can_view_event(id)));
create policy "members create events they host" on public.events for insert to authenticated
  with check (host_id = (select auth.uid()) and status in ('draft', 'published'));
create policy "hosts edit their events" on public.events for update to authenticated
  using ((select private.can_manage_event(id))) with check ((select private.can_manage_event(id)));
create policy "hosts delete drafts and events without RSVPs" on public.events for delete to authenticated
  using ((select private.can_manage_event(id))
         and (status = 'draft' or not exists (select 1 from public.rsvps r where r.event_id = id and r.status <> 'cancelled')));

create policy "hosts of visible events are public" on public.event_hosts for select to anon, authenticated
  using ((role <> 'checker' and (select private.can_view_event(event_id))) or (select private.can_check_in(event_id)));
create policy "the host adds co-hosts and checkers" on public.event_hosts for insert to authenticated
  with check (role <> 'host' and (private.event_role(event_id) = 'host' or (select private.is_admin())));
create policy "the host removes co-hosts and checkers" on public.event_hosts for delete to authenticated
  using (role <> 'host' and (private.event_role(event_id) = 'host' or (select private.is_admin())));

create policy "hosts and the invited see invitations" on public.event_invites for select to authenticated
  using (user_id = (select auth.uid()) or (select private.can_manage_event(event_id)));
create policy "hosts invite" on public.event_invites for insert to authenticated
  with check ((select private.can_manage_event(event_id)) and invited_by = (select auth.uid()));
create policy "hosts uninvite" on public.event_invites for delete to authenticated
  using ((select private.can_manage_event(event_id)));

-- RSVPs change only through the procedures. Members see their own; hosts and checkers see
-- their event's; signed-in members see who is going to events they can see.
create policy "members see their RSVPs" on public.rsvps for select to authenticated
  using (user_id = (select auth.uid()));
create policy "hosts and checkers see their guests" on public.rsvps for select to authenticated
  using ((select private.can_check_in(event_id)));
create policy "members see who is going" on public.rsvps for select to authenticated
  using (status = 'going' and (select private.can_view_event(event_id)));

create policy "counts follow the event" on public.event_stats for select to anon, authenticated
  using ((select private.can_view_event(event_id)));

grant select on public.events, public.event_hosts, public.event_stats to anon, authenticated;
grant insert, delete on public.events to authenticated;
grant update (title, description, category, starts_at, ends_at, timezone, venue_name, address, lat, lng, is_online,
              cover_path, video_url, video_path, capacity, waitlist_enabled, requires_approval, plus_ones_max,
              rsvp_closes_at, visibility, status, cancel_reason)
  on public.events to authenticated;
grant insert (event_id, user_id, role), delete on public.event_hosts to authenticated;
grant select, insert, delete on public.event_invites to authenticated;
grant select on public.rsvps to authenticated;
grant all on public.events, public.event_hosts, public.event_invites, public.rsvps, public.event_stats to service_role;

-- An online event's link: for the people going, checkers and hosts only, never the public.
create table public.event_online_links (
  event_id uuid primary key references public.events (id) on delete cascade,
  url text not null constraint event_online_links_https check (url ~ '^https://'),
  updated_at timestamptz not null default now()
);
create function private.validate_online_link() returns trigger
language plpgsql as $$
begin
  if new.url !~ '^https://' then
    perform private.raise_error('invalid_online_url', 'The online link must start with https://.');
  end if;
  return new;
end
$$;
create trigger event_online_links_validate before insert or update on public.event_online_links
  for each row execute function private.validate_online_link();
create trigger event_online_links_updated_at before update on public.event_online_links
  for each row execute function private.set_updated_at();

alter table public.event_online_links enable row level security;
create policy "those going, checkers and hosts see the link" on public.event_online_links for select to authenticated
  using ((select private.can_check_in(event_id))
         or exists (select 1 from public.rsvps r
                    where r.event_id = event_online_links.event_id and r.user_id = (select auth.uid()) and r.status = 'going'));
create policy "hosts set the link" on public.event_online_links for insert to authenticated
  with check ((select private.can_manage_event(event_id)));
create policy "hosts change the link" on public.event_online_links for update to authenticated
  using ((select private.can_manage_event(event_id))) with check ((select private.can_manage_event(event_id)));
create policy "hosts remove the link" on public.event_online_links for delete to authenticated
  using ((select private.can_manage_event(event_id)));
grant select, insert, update, delete on public.event_online_links to authenticated;
-- Anon may ask (an event page embeds the link) and, having no policy, always gets nothing.
grant select on public.event_online_links to anon;
grant all on public.event_online_links to service_role;
