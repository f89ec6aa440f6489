-- Invitation emails (decision 0307), handed to the `send-invitations` function as notifications
-- are handed to `notify` (decision 0045): a statement-level trigger posts the new ids after
-- commit through pg_net, 50 a request; a pg_cron sweep every minute posts whatever from the last
-- day is still unhandled a minute after it was made. The function sends each once (idempotency
-- key `invitation-<id>`) and records what became of it here, once.

alter table public.invitations
  add column emailed_at timestamptz,
  add column email_status text constraint invitations_email_status check (email_status in ('sent', 'skipped'));
create index invitations_unemailed_idx on public.invitations (created_at) where via = 'email' and emailed_at is null;

create function private.email_invitations(ids uuid[]) returns int
language plpgsql security definer set search_path = '' as $$
declare
  batch uuid[];
begin
  for batch in
    select array_agg(id order by n) from unnest(ids) with ordinality as t(id, n) group by (n - 1) / 50 order by min(n)
  loop
    perform private.call_function('send-invitations', jsonb_build_object('ids', to_jsonb(batch)));
  end loop;
  return coalesce(array_length(ids, 1), 0);
end
$$;

create function private.email_new_invitations() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.email_invitations(array(select id from inserted where via = 'email' order by created_at, id));
  return null;
end
$$;
create trigger invitations_email after insert on public.invitations
  referencing new table as inserted
  for each statement execute function private.email_new_invitations();

create function private.email_pending_invitations() returns int
language sql security definer set search_path = '' as $$
  select private.email_invitations(array(
    select id from public.invitations
    where via = 'email' and emailed_at is null
      and created_at > now() - interval '1 day' and created_at < now() - interval '1 minute'
    order by created_at limit 500))
$$;

select cron.schedule('gather-email-invitations', '* * * * *', 'select private.email_pending_invitations()');

-- For `send-invitations` (service role only): the invitation with its signed token, the event or
-- group as it is now, who invited, and the language to write in — the invitee's own when the
-- address belongs to a member who chose one, else the host's when they invited.
create function public.invitation_email(invitation_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', i.id, 'email', i.email, 'token', private.invitation_token(i.id),
    'emailed_at', i.emailed_at, 'response', i.response,
    'locale', coalesce((select p.locale from auth.users u join public.profiles p on p.id = u.id
                        where lower(u.email) = i.email and u.email_confirmed_at is not null limit 1), i.locale),
    'inviter_name', (select p.display_name from public.profiles p where p.id = i.invited_by),
    'event', (select jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status,
                                        'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone,
                                        'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online,
                                        'cancel_reason', e.cancel_reason,
                                        'hidden', e.hidden_at is not null or coalesce(private.group_withheld(e.group_id), false))
              from public.events e where e.id = i.event_id),
    'group', (select jsonb_build_object('id', g.id, 'slug', g.slug, 'name', g.name, 'city', g.city,
                                        'hidden', private.group_withheld(g.id))
              from public.groups g where g.id = i.group_id))
  from public.invitations i
  where i.id = invitation_email.invitation_id and i.via = 'email'
$$;

create function public.mark_invitation_emailed(invitation_id uuid, status text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.invitations i set emailed_at = now(), email_status = mark_invitation_emailed.status
  where i.id = mark_invitation_emailed.invitation_id and i.emailed_at is null;
  return found;
end
$$;

revoke all on function private.email_invitations(uuid[]), private.email_new_invitations(), private.email_pending_invitations()
  from public, anon, authenticated, service_role;
revoke all on function public.invitation_email(uuid), public.mark_invitation_emailed(uuid, text) from public, anon, authenticated;
grant execute on function public.invitation_email(uuid), public.mark_invitation_emailed(uuid, text) to service_role;
