-- Invitations, the invitee's side (decision 0305): what an invitation shows before signing in,
-- and answering it in one step. Then the two-factor guards of decision 0262 for every procedure
-- of these migrations.

-- What the invitation page shows: the event or group (what its card would say, nothing more),
-- who invited, and where the caller stands. Visitors may ask: the token is the credential (an
-- email invitation's was sent to its address; a link's is shared by its hosts). Following an
-- email invitation marks it opened, once (not when one of its hosts looks).
create function public.invitation_details(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  found record;
  inv public.invitations;
  link public.invite_links;
  e public.events;
  g public.groups;
  inviter uuid;
  may_answer boolean;
begin
  select * into found from private.find_invitation(invitation_details.token, false);
  inv := found.inv;
  link := found.link;
  inviter := coalesce(inv.invited_by, link.created_by);
  if coalesce(inv.event_id, link.event_id) is not null then
    e := private.invited_event(coalesce(inv.event_id, link.event_id));
  else
    select * into g from public.groups where id = coalesce(inv.group_id, link.group_id);
    if private.group_withheld(g.id) then
      perform private.raise_error('group_not_found', 'This group does not exist or is not visible to you.', 404);
    end if;
  end if;
  if inv.via = 'email' and inv.opened_at is null
     and not coalesce(private.can_manage_event(e.id) or private.can_manage_group(g.id), false) then
    update public.invitations i set opened_at = now() where i.id = inv.id;
  end if;
  may_answer := me is not null and (link.id is not null or coalesce(inv.user_id = me, false)
                                    or (inv.user_id is null and coalesce(inv.email = private.my_verified_email(), false)));
  return jsonb_build_object(
    'kind', case when link.id is null then 'email' else 'link' end,
    'email', case when link.id is null then inv.email end,
    'invited_by', (select jsonb_build_object('display_name', p.display_name, 'username', p.username)
                   from public.profiles p where p.id = inviter),
    'event', case when e.id is not null then jsonb_build_object(
      'id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status, 'starts_at', e.starts_at, 'ends_at', e.ends_at,
      'timezone', e.timezone, 'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online,
      'cover_path', e.cover_path,
      'host_name', (select p.display_name from public.profiles p where p.id = e.host_id),
      'group_name', (select x.name from public.groups x where x.id = e.group_id)) end,
    'group', case when g.id is not null then jsonb_build_object(
      'id', g.id, 'slug', g.slug, 'name', g.name, 'city', g.city, 'logo_path', g.logo_path, 'cover_path', g.cover_path,
      'visibility', g.visibility, 'join_policy', g.join_policy,
      'member_count', (select s.member_count from public.group_stats s where s.group_id = g.id)) end,
    'me', case when me is not null then jsonb_build_object(
      'may_answer', may_answer,
      'response', case when may_answer then inv.response end,
      'rsvp_status', (select r.status from public.rsvps r where r.event_id = e.id and r.user_id = me),
      'member_status', (select m.status from public.group_members m where m.group_id = g.id and m.user_id = me)) end);
end
$$;

-- Answers an invitation: 'going' or 'decline' for an event, 'join' or 'decline' for a group, or
-- null to take it up without answering yet (a link redeemed, the event opened to the caller).
-- An email invitation is answered by the account whose confirmed address it was sent to; a link
-- by whoever holds it, once each, within its limits, which are checked under its row lock. One
-- invitation per person and event or group: an earlier one (by email or another link) is used.
-- Going is the ordinary RSVP (capacity, waitlist, approval, questions, tickets): when that is
-- refused, the invitation stays taken up and `rsvp_error` says why, so the page can send the
-- invitee to the event to finish. Joining bypasses the group's approval, not its bans.
create function public.accept_invitation(token text, answer text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  found record;
  inv public.invitations;
  link public.invite_links;
  e public.events;
  g public.groups;
  member public.group_member_status;
  result jsonb;
  failure jsonb;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into found from private.find_invitation(accept_invitation.token, true);
  inv := found.inv;
  link := found.link;
  if accept_invitation.answer is not null and (accept_invitation.answer not in ('going', 'join', 'decline')
     or (accept_invitation.answer = 'going' and coalesce(inv.group_id, link.group_id) is not null)
     or (accept_invitation.answer = 'join' and coalesce(inv.event_id, link.event_id) is not null)) then
    perform private.raise_error('invalid_answer', 'Answer going or decline for an event, join or decline for a group.');
  end if;
  if link.id is null then
    if not (coalesce(inv.user_id = me, false)
            or (inv.user_id is null and coalesce(inv.email = private.my_verified_email(), false))) then
      perform private.raise_error('invitation_other_account',
        'This invitation was sent to another email address. Sign in with that address to answer it.', 403);
    end if;
  elsif inv.id is null then
    select * into inv from public.invitations i
    where (i.event_id = link.event_id or i.group_id = link.group_id)
      and (i.user_id = me or (i.user_id is null and i.via = 'email' and i.email = private.my_verified_email()))
    order by i.created_at limit 1;
    if inv.id is null then
      update public.invite_links l set use_count = l.use_count + 1 where l.id = link.id;
      insert into public.invitations (event_id, group_id, via, link_id, user_id, invited_by, opened_at)
      values (link.event_id, link.group_id, 'link', link.id, me, link.created_by, now())
      returning * into inv;
    end if;
  end if;
  if inv.event_id is not null then
    e := private.invited_event(inv.event_id);
  else
    g := private.lock_group(inv.group_id);
  end if;
  inv := private.claim_invitation(inv, me);
  update public.invitations i set opened_at = coalesce(i.opened_at, now()) where i.id = inv.id;

  if e.id is not null then
    if e.status = 'cancelled' then
      perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
    end if;
    if accept_invitation.answer = 'going' then
      begin
        result := public.rsvp(e.id);
      exception when sqlstate 'PGRST' then
        failure := sqlerrm::jsonb - 'details' - 'hint';
      end;
    elsif accept_invitation.answer = 'decline' then
      if exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = me and r.status in ('going', 'waitlisted', 'pending')) then
        result := public.cancel_rsvp(e.id);
      end if;
      update public.invitations i set response = 'declined', answered_at = now() where i.id = inv.id;
    end if;
    return jsonb_build_object('target', 'event', 'event_id', e.id, 'slug', e.slug, 'rsvp', result, 'rsvp_error', failure,
      'response', (select i.response from public.invitations i where i.id = inv.id));
  end if;

  select m.status into member from public.group_members m where m.group_id = g.id and m.user_id = me;
  if accept_invitation.answer = 'join' then
    if member = 'banned' then
      perform private.raise_error('banned_from_group', 'You can''t join this group.', 403);
    elsif member is null then
      insert into public.group_members (group_id, user_id, status, joined_at) values (g.id, me, 'active', now());
    elsif member = 'pending' then
      update public.group_members m set status = 'active', joined_at = now() where m.group_id = g.id and m.user_id = me;
    end if;
  elsif accept_invitation.answer = 'decline' then
    update public.invitations i set response = 'declined', answered_at = now()
    where i.id = inv.id and i.response is distinct from 'joined';
  end if;
  return jsonb_build_object('target', 'group', 'group_id', g.id, 'slug', g.slug,
    'member_status', (select m.status from public.group_members m where m.group_id = g.id and m.user_id = me),
    'response', (select i.response from public.invitations i where i.id = inv.id));
end
$$;

revoke all on function private.invitation_token(uuid), private.find_invitation(text, boolean), private.invited_event(uuid),
  private.require_invitable_event(public.events), private.add_email_invitations(uuid, uuid, text, text)
  from public, anon, authenticated;
revoke all on function public.invite_to_event(uuid, text, text), public.invite_to_group(uuid, text, text),
  public.create_invite_link(uuid, uuid, timestamptz, int), public.revoke_invite_link(uuid),
  public.invitation_details(text), public.accept_invitation(text, text) from public, anon;
grant execute on function public.invite_to_event(uuid, text, text), public.invite_to_group(uuid, text, text),
  public.create_invite_link(uuid, uuid, timestamptz, int), public.revoke_invite_link(uuid),
  public.invitation_details(text), public.accept_invitation(text, text) to authenticated, service_role;
grant execute on function public.invitation_details(text) to anon;

-- Decision 0262: a session short of its second factor reaches none of them; anonymous sign-ins
-- may look at an invitation (as visitors may) but answer nothing (decision 0263).
select private.guard_procedure('public.invite_to_event(uuid, text, text)', false);
select private.guard_procedure('public.invite_to_group(uuid, text, text)', false);
select private.guard_procedure('public.create_invite_link(uuid, uuid, timestamptz, int)', false);
select private.guard_procedure('public.revoke_invite_link(uuid)', false);
select private.guard_procedure('public.invitation_details(text)', true);
select private.guard_procedure('public.accept_invitation(text, text)', false);
