-- Invitations, the procedures (decision 0305): hosts invite by email and make links; an invitee
-- opens an invitation (`invitation_details`, visitors too) and answers it (`accept_invitation`).
-- Every rule is raised with the catalogue's shape (decision 0006); the codes are in 0306.

-- An email invitation's token is its id signed with a key only the database knows, as tickets
-- and unsubscribe links are (decisions 0052, 0103): nothing secret is stored, and a host reading
-- the invitations cannot answer in the invitee's name.
insert into private.secrets (name, value)
values ('invitation_signing_key', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
on conflict (name) do nothing;

create function private.invitation_token(iid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select iid::text || '.' ||
         left(encode(private.hmac_sha256(s.value, convert_to('gather-invitation:' || iid::text, 'UTF8')), 'hex'), 32)
  from private.secrets s where s.name = 'invitation_signing_key'
$$;

-- What a token names: an email invitation (`<id>.<signature>`), or a link (its random token).
-- A link the caller already redeemed gives back their invitation, whatever became of the link;
-- otherwise a revoked, expired or used-up link is refused. `lock`: for the one who answers.
create function private.find_invitation(token text, lock boolean, out inv public.invitations, out link public.invite_links)
language plpgsql security definer set search_path = '' as $$
declare
  clean text := regexp_replace(coalesce(token, ''), '\s+', '', 'g');
  iid uuid;
begin
  if position('.' in clean) > 0 then
    iid := private.try_uuid(split_part(lower(clean), '.', 1));
    if iid is null or lower(clean) <> private.invitation_token(iid) then
      perform private.raise_error('invitation_invalid', 'This invitation is not valid.', 404);
    end if;
    if lock then
      select * into inv from public.invitations i where i.id = iid for update;
    else
      select * into inv from public.invitations i where i.id = iid;
    end if;
    if inv.id is null then
      perform private.raise_error('invitation_invalid', 'This invitation is not valid.', 404);
    end if;
    return;
  end if;
  if clean !~ '^[A-Za-z0-9_-]{16,64}$' then
    perform private.raise_error('invite_link_invalid', 'This invitation link is not valid.', 404);
  end if;
  if lock then
    select * into link from public.invite_links l where l.token = clean for update;
  else
    select * into link from public.invite_links l where l.token = clean;
  end if;
  if link.id is null then
    perform private.raise_error('invite_link_invalid', 'This invitation link is not valid.', 404);
  end if;
  if (select auth.uid()) is not null then
    select * into inv from public.invitations i where i.link_id = link.id and i.user_id = (select auth.uid()) limit 1;
    if inv.id is not null then
      return;
    end if;
  end if;
  if link.revoked_at is not null then
    perform private.raise_error('invite_link_revoked', 'The host turned this invitation link off.', 410);
  end if;
  if link.expires_at is not null and link.expires_at <= now() then
    perform private.raise_error('invite_link_expired', 'This invitation link has expired.', 410);
  end if;
  if link.max_uses is not null and link.use_count >= link.max_uses then
    perform private.raise_error('invite_link_used_up', 'This invitation link has been used as many times as the host allowed.', 410);
  end if;
end
$$;

-- The event an invitation leads to, as invitees may reach it: published (or cancelled, which the
-- page says), not hidden, its group not withheld.
create function private.invited_event(eid uuid) returns public.events
language plpgsql stable security definer set search_path = '' as $$
declare
  e public.events;
begin
  select * into e from public.events where id = eid;
  if e.id is null or e.status = 'draft' or e.hidden_at is not null or (e.group_id is not null and private.group_withheld(e.group_id)) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  return e;
end
$$;

-- What hosts may invite people to: a published event still taking RSVPs, not a members-only one
-- (its group's members are invited to the group instead).
create function private.require_invitable_event(e public.events) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_manage_event(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if now() >= coalesce(e.rsvp_closes_at, e.starts_at) then
    perform private.raise_error('rsvp_closed', 'RSVPs for this event are closed.', 409);
  end if;
  if e.visibility = 'members' then
    perform private.raise_error('invitations_members_only', 'This event is for the group''s members: invite people to the group instead.', 409);
  end if;
end
$$;

-- Pasted addresses: separated by commas, semicolons or new lines ("Ada <ada@x.org>" gives the
-- address in brackets), else by spaces; lowercased, each once.
create function private.parse_emails(emails text, out valid text[], out invalid text[])
language plpgsql immutable as $$
declare
  entry text;
  candidate text;
begin
  valid := '{}';
  invalid := '{}';
  foreach entry in array regexp_split_to_array(coalesce(emails, ''), '[,;\n\r]+') loop
    if entry ~ '<[^>]*>' then
      entry := substring(entry from '<([^>]*)>');
    end if;
    foreach candidate in array regexp_split_to_array(btrim(entry), '\s+') loop
      candidate := lower(regexp_replace(btrim(candidate, '"''()[]<>'), '^mailto:', '', 'i'));
      continue when candidate = '';
      if char_length(candidate) <= 254 and candidate ~
        '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$' then
        if not candidate = any(valid) then valid := valid || candidate; end if;
      elsif not candidate = any(invalid) then
        invalid := invalid || candidate;
      end if;
    end loop;
  end loop;
end
$$;

-- Records email invitations for an event or a group (the caller's rights already checked):
-- at most 100 addresses a call, 500 invitations a day per host, 2,000 per event or group.
-- Addresses already invited are left alone (never emailed twice); invalid ones are named.
create function private.add_email_invitations(eid uuid, gid uuid, emails text, locale text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  p record;
  added text[];
  lang text;
begin
  select * into p from private.parse_emails(emails);
  if cardinality(p.valid) + cardinality(p.invalid) > 100 then
    perform private.raise_error('too_many_emails', 'Paste at most 100 email addresses at a time.');
  end if;
  if cardinality(p.valid) = 0 then
    if cardinality(p.invalid) > 0 then
      perform private.raise_error('invalid_emails', format('Not an email address: %s.', array_to_string(p.invalid[1:3], ', ')));
    end if;
    perform private.raise_error('no_emails', 'Enter at least one email address.');
  end if;
  if not private.is_admin() and (select count(*) from public.invitations i
      where i.invited_by = me and i.via = 'email' and i.created_at > now() - interval '1 day') + cardinality(p.valid) > 500 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  if (select count(*) from public.invitations i where i.event_id = eid or i.group_id = gid) + cardinality(p.valid) > 2000 then
    perform private.raise_error('too_many_invitations', 'An event or group can have at most 2,000 invitations.', 409);
  end if;
  lang := case when locale in ('en', 'fr', 'de', 'es', 'pt-BR') then locale
               else (select pr.locale from public.profiles pr where pr.id = me) end;
  with inserted as (
    insert into public.invitations (event_id, group_id, via, email, invited_by, locale)
    select eid, gid, 'email', x, me, lang from unnest(p.valid) x
    on conflict do nothing
    returning email)
  select coalesce(array_agg(email), '{}') into added from inserted;
  return jsonb_build_object(
    'invited', to_jsonb(added),
    'already_invited', to_jsonb(array(select x from unnest(p.valid) x where not x = any(added))),
    'invalid', to_jsonb(p.invalid));
end
$$;

create function public.invite_to_event(event_id uuid, emails text, locale text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e public.events := private.lock_event(invite_to_event.event_id);
begin
  perform private.assert_active();
  perform private.require_invitable_event(e);
  return private.add_email_invitations(e.id, null, invite_to_event.emails, invite_to_event.locale);
end
$$;

create function public.invite_to_group(group_id uuid, emails text, locale text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  g public.groups := private.lock_group(invite_to_group.group_id);
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  return private.add_email_invitations(null, g.id, invite_to_group.emails, invite_to_group.locale);
end
$$;

-- A shareable link to an event or a group: optionally expiring (within a year), optionally
-- limited to a number of people (1 to 10,000); at most 20 links in use per event or group.
create function public.create_invite_link(event_id uuid default null, group_id uuid default null,
                                          expires_at timestamptz default null, max_uses int default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  g public.groups;
  made public.invite_links;
begin
  if num_nonnulls(create_invite_link.event_id, create_invite_link.group_id) <> 1 then
    perform private.raise_error('invalid_request', 'Invite to an event or to a group.');
  end if;
  perform private.assert_active();
  if create_invite_link.event_id is not null then
    e := private.lock_event(create_invite_link.event_id);
    perform private.require_invitable_event(e);
  else
    g := private.lock_group(create_invite_link.group_id);
    perform private.require_group_manager(g.id);
  end if;
  if create_invite_link.expires_at is not null
     and (create_invite_link.expires_at <= now() or create_invite_link.expires_at > now() + interval '366 days') then
    perform private.raise_error('invalid_expiry', 'An invitation link must expire in the future, within a year.');
  end if;
  if create_invite_link.max_uses is not null and create_invite_link.max_uses not between 1 and 10000 then
    perform private.raise_error('invalid_max_uses', 'A use limit must be empty or between 1 and 10,000.');
  end if;
  if (select count(*) from public.invite_links l
      where (l.event_id = e.id or l.group_id = g.id) and l.revoked_at is null
        and (l.expires_at is null or l.expires_at > now()) and (l.max_uses is null or l.use_count < l.max_uses)) >= 20 then
    perform private.raise_error('too_many_links', 'An event or group can have at most 20 invitation links in use. Turn one off first.', 409);
  end if;
  insert into public.invite_links (event_id, group_id, created_by, expires_at, max_uses)
  values (e.id, g.id, (select auth.uid()), create_invite_link.expires_at, create_invite_link.max_uses)
  returning * into made;
  return to_jsonb(made);
end
$$;

-- Turns a link off for good; those who redeemed it keep their invitation.
create function public.revoke_invite_link(link_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  l public.invite_links;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into l from public.invite_links x where x.id = revoke_invite_link.link_id for update;
  if l.id is null or not (coalesce(private.can_manage_event(l.event_id), false) or coalesce(private.can_manage_group(l.group_id), false)) then
    perform private.raise_error('invite_link_not_found', 'This invitation link does not exist.', 404);
  end if;
  update public.invite_links x set revoked_at = coalesce(x.revoked_at, now()) where x.id = l.id;
end
$$;
