-- Invitations to private events and groups (issue 32 item 2, decision 0305): hosts and group
-- organizers invite by email and by shareable links; an invitee opens the event or group and
-- answers in one step; the hosts see who was invited, who opened the invitation and who answered.
-- The procedures are in the next migration, the emails in the one after.

-- One row per person invited: by email (`email`, typed by a host), or by redeeming a link
-- (`link_id`, the member who redeemed it in `user_id`). `user_id` of an email invitation stays
-- null until the invitee acts on it (opens it signed in, answers, RSVPs): setting it when the
-- host types the address would tell the host which account an email address belongs to.
create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid references public.events (id) on delete cascade,
  group_id uuid references public.groups (id) on delete cascade,
  via text not null constraint invitations_via check (via in ('email', 'link')),
  email text constraint invitations_email_shape check (email is null or (email = lower(email) and char_length(email) <= 254)),
  link_id uuid,
  user_id uuid references public.profiles (id) on delete cascade,
  invited_by uuid references public.profiles (id) on delete set null,
  -- The host's language when they invited (the email's when the invitee has none of their own).
  locale text constraint invitations_locale check (locale in ('en', 'fr', 'de', 'es', 'pt-BR')),
  -- Followed the invitation's link (email), or redeemed the link.
  opened_at timestamptz,
  -- The invitee's answer, kept equal to their RSVP or membership by the triggers below.
  response text constraint invitations_response check (response in ('going', 'waitlisted', 'pending', 'declined', 'joined')),
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint invitations_one_target check (num_nonnulls(event_id, group_id) = 1),
  constraint invitations_email_has_address check (via <> 'email' or email is not null)
);
create unique index invitations_event_email_key on public.invitations (event_id, email) where event_id is not null and email is not null;
create unique index invitations_group_email_key on public.invitations (group_id, email) where group_id is not null and email is not null;
create index invitations_event_idx on public.invitations (event_id, user_id) where event_id is not null;
create index invitations_group_idx on public.invitations (group_id, user_id) where group_id is not null;
create index invitations_user_idx on public.invitations (user_id) where user_id is not null;
create index invitations_inviter_idx on public.invitations (invited_by, created_at);

-- Shareable links: whoever holds one may redeem it while it is not revoked, not expired and not
-- used up. The token is the link's credential: only the target's hosts or organizers read it.
create table public.invite_links (
  id uuid primary key default gen_random_uuid(),
  event_id uuid references public.events (id) on delete cascade,
  group_id uuid references public.groups (id) on delete cascade,
  -- 24 random bytes in base64url (about 180 random bits: gen_random_uuid is built in everywhere,
  -- pgcrypto's gen_random_bytes is not on PGlite).
  token text not null unique default rtrim(translate(encode(substring(
    decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') from 1 for 24), 'base64'), '+/', '-_'), '='),
  created_by uuid references public.profiles (id) on delete set null,
  expires_at timestamptz,
  max_uses int constraint invite_links_max_uses check (max_uses between 1 and 10000),
  use_count int not null default 0,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint invite_links_one_target check (num_nonnulls(event_id, group_id) = 1)
);
create index invite_links_event_idx on public.invite_links (event_id) where event_id is not null;
create index invite_links_group_idx on public.invite_links (group_id) where group_id is not null;
alter table public.invitations add constraint invitations_link_fkey
  foreign key (link_id) references public.invite_links (id) on delete set null;
create index invitations_link_idx on public.invitations (link_id) where link_id is not null;

-- The caller's email address once Auth has confirmed it (lowercase, as Auth stores it); null for
-- visitors, anonymous sign-ins and unconfirmed addresses. Security definer: auth.users is not
-- the API's. One primary-key probe.
create function private.my_verified_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

-- Events the caller runs (private.can_manage_event as a set, decision 0108's pattern): their
-- own host and co-host roles, the events of the groups they organize, co-organize or organize
-- events for, and every event for a site admin. Computed once per statement.
create function private.managed_event_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select id from public.events where (select private.is_admin())
  union
  select event_id from public.event_hosts where user_id = (select auth.uid()) and role in ('host', 'cohost')
  union
  select e.id from public.events e join public.group_members m on m.group_id = e.group_id
  where m.user_id = (select auth.uid()) and m.status = 'active' and m.role in ('organizer', 'co_organizer', 'event_organizer')
$$;
grant execute on function private.my_verified_email(), private.managed_event_ids() to anon, authenticated, service_role;

-- As in 20261124130405, plus one way into a private event: an email invitation to the caller's
-- confirmed address. Only the private branch changes, and it is last, so public events, the
-- events policy's fast path and Discover pay nothing; the address is read once per call.
create or replace function private.can_view_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.events e
    where e.id = eid and (
      private.is_admin()
      or private.event_role(e.id) is not null
      or (e.status <> 'draft' and e.hidden_at is null
          and (e.group_id is null or not private.group_withheld(e.group_id))
          and (
            (e.visibility in ('public', 'unlisted') and (e.group_id is null or private.group_content_open(e.group_id)))
            or (e.visibility = 'members' and e.group_id is not null and private.is_group_member(e.group_id))
            or (e.visibility = 'private' and (
                  exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = (select auth.uid()))
               or exists (select 1 from public.event_invites i where i.event_id = e.id and i.user_id = (select auth.uid()))
               or exists (select 1 from public.invitations v
                          where v.event_id = e.id and v.via = 'email' and v.email = (select private.my_verified_email()))))))))
$$;

-- Row-level security. Rows are written by the procedures only; hosts may remove an invitation.
alter table public.invitations enable row level security;
alter table public.invite_links enable row level security;

create policy "hosts and organizers see their invitations" on public.invitations for select to authenticated
  using (event_id in (select private.managed_event_ids()) or group_id in (select private.managed_group_ids()));
create policy "invitees see their own invitations" on public.invitations for select to authenticated
  using (user_id = (select auth.uid()) or (via = 'email' and email = (select private.my_verified_email())));
create policy "hosts and organizers remove invitations" on public.invitations for delete to authenticated
  using (event_id in (select private.managed_event_ids()) or group_id in (select private.managed_group_ids()));
create policy "hosts and organizers see their links" on public.invite_links for select to authenticated
  using (event_id in (select private.managed_event_ids()) or group_id in (select private.managed_group_ids()));

grant select, delete on public.invitations to authenticated;
grant select on public.invite_links to authenticated;
grant all on public.invitations, public.invite_links to service_role;

select private.hold_to_full_session('public.invitations');
select private.hold_to_full_session('public.invite_links');

-- An invitee who acts on an invitation becomes its `user_id`, and a private event stays open to
-- them (event_invites) even if their address changes later.
create function private.claim_invitation(inv public.invitations, uid uuid) returns public.invitations
language plpgsql security definer set search_path = '' as $$
declare
  claimed public.invitations;
begin
  update public.invitations i set user_id = uid where i.id = inv.id and i.user_id is null returning * into claimed;
  if claimed.id is null then
    claimed := inv; -- already theirs
  end if;
  if claimed.event_id is not null then
    insert into public.event_invites (event_id, user_id, invited_by)
    values (claimed.event_id, uid, claimed.invited_by) on conflict do nothing;
  end if;
  return claimed;
end
$$;

-- Removing an invitation closes the door it opened (an RSVP, if any, keeps it open as before).
create function private.invitation_removed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.event_id is not null and old.user_id is not null and not exists (
    select 1 from public.invitations i where i.event_id = old.event_id and i.user_id = old.user_id) then
    delete from public.event_invites x where x.event_id = old.event_id and x.user_id = old.user_id;
  end if;
  return null;
end
$$;
create trigger invitations_removed after delete on public.invitations
  for each row execute function private.invitation_removed();

-- The hosts see the invitee's answer however it was given (the invitation page, the event page,
-- a waitlist promotion, a host's decision): an RSVP's status becomes the invitation's response.
-- Events without invitations pay one index probe.
create function private.invitation_answered_by_rsvp() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  answer text := case new.status when 'going' then 'going' when 'waitlisted' then 'waitlisted'
                                 when 'pending' then 'pending' else 'declined' end;
begin
  if not exists (select 1 from public.invitations i where i.event_id = new.event_id) then
    return null;
  end if;
  update public.invitations i set response = answer, answered_at = now(), user_id = new.user_id
  where i.event_id = new.event_id
    and (i.user_id = new.user_id
         or (i.user_id is null and i.via = 'email'
             and i.email = (select lower(u.email) from auth.users u where u.id = new.user_id and u.email_confirmed_at is not null)))
    and i.response is distinct from answer;
  return null;
end
$$;
create trigger rsvps_answer_invitations after insert or update of status on public.rsvps
  for each row execute function private.invitation_answered_by_rsvp();

-- Likewise a group invitation is answered by joining the group, however one joins.
create function private.invitation_answered_by_joining() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'active' or not exists (select 1 from public.invitations i where i.group_id = new.group_id) then
    return null;
  end if;
  update public.invitations i set response = 'joined', answered_at = now(), user_id = new.user_id
  where i.group_id = new.group_id
    and (i.user_id = new.user_id
         or (i.user_id is null and i.via = 'email'
             and i.email = (select lower(u.email) from auth.users u where u.id = new.user_id and u.email_confirmed_at is not null)))
    and i.response is distinct from 'joined';
  return null;
end
$$;
create trigger group_members_answer_invitations after insert or update of status on public.group_members
  for each row execute function private.invitation_answered_by_joining();

revoke all on function private.claim_invitation(public.invitations, uuid), private.invitation_removed(),
  private.invitation_answered_by_rsvp(), private.invitation_answered_by_joining() from public, anon, authenticated;
