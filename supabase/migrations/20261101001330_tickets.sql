-- Tickets: every RSVP has a stable id, and its ticket code is that id signed with a secret only
-- the database knows, `<rsvp id>.<signature>` (decision 0052). Checkers scan or type the code;
-- a forged or altered code is refused before anything is looked up.

alter table public.rsvps add column id uuid not null default gen_random_uuid();
alter table public.rsvps add constraint rsvps_id_key unique (id);

-- Secrets made at migration time, readable by no API role (only by the owner's procedures).
create table private.secrets (
  name text primary key,
  value bytea not null,
  created_at timestamptz not null default now()
);
alter table private.secrets enable row level security;
revoke all on private.secrets from public, anon, authenticated, service_role;
-- 32 bytes from two random UUIDs (244 random bits): gen_random_uuid() is built in everywhere,
-- pgcrypto's gen_random_bytes() is not (PGlite).
insert into private.secrets (name, value)
values ('ticket_signing_key', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- HMAC-SHA256 (RFC 2104) from the built-in sha256(), which PostgreSQL 11+ and PGlite both have.
create function private.hmac_sha256(key bytea, message bytea) returns bytea
language plpgsql immutable as $$
declare
  k bytea := key;
  inner_pad bytea;
  outer_pad bytea;
begin
  if length(k) > 64 then k := sha256(k); end if;
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  inner_pad := k;
  outer_pad := k;
  for i in 0..63 loop
    inner_pad := set_byte(inner_pad, i, get_byte(k, i) # 54); -- 0x36
    outer_pad := set_byte(outer_pad, i, get_byte(k, i) # 92); -- 0x5c
  end loop;
  return sha256(outer_pad || sha256(inner_pad || message));
end
$$;

-- The signature is the HMAC's first 128 bits in hex: short enough to type, too long to guess.
create function private.ticket_code(rid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select rid::text || '.' || left(encode(private.hmac_sha256(s.value, convert_to('gather-ticket:' || rid::text, 'UTF8')), 'hex'), 32)
  from private.secrets s where s.name = 'ticket_signing_key'
$$;

-- The RSVP id a code names, or null when the code is malformed or its signature is wrong.
-- Case and whitespace do not matter.
create function private.ticket_rsvp_id(code text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  clean text := lower(regexp_replace(coalesce(code, ''), '\s+', '', 'g')); -- as scanned, typed or pasted
  rid uuid := private.try_uuid(split_part(clean, '.', 1));
begin
  if rid is null or clean <> private.ticket_code(rid) then
    return null;
  end if;
  return rid;
end
$$;
revoke all on function private.ticket_code(uuid), private.ticket_rsvp_id(text) from public, anon, authenticated;

create function private.iso_time(t timestamptz) returns text
language sql immutable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

-- An RSVP's result now names the RSVP too, so the RSVP panel can link to its ticket.
create or replace function private.rsvp_result(eid uuid, uid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'rsvp_id', r.id, 'event_id', r.event_id, 'user_id', r.user_id, 'status', r.status, 'guests', r.guests,
    'waitlist_position', case when r.status = 'waitlisted' then private.waitlist_place(eid, uid) end,
    'spots_left', s.spots_left)
  from public.rsvps r left join public.event_stats s on s.event_id = r.event_id
  where r.event_id = eid and r.user_id = uid
$$;

-- Checks in one RSVP of an event the caller has locked: §4's window, once only.
create function private.check_in_rsvp(e public.events, rid uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  cur public.rsvps;
  guest public.profiles;
  stamped timestamptz;
begin
  perform private.assert_active();
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if now() < e.starts_at - interval '2 hours' or now() > e.ends_at then
    perform private.raise_error('check_in_closed', 'Check-in opens 2 hours before the start and closes at the end.', 409,
      jsonb_build_object('opens_at', private.iso_time(e.starts_at - interval '2 hours'), 'closes_at', private.iso_time(e.ends_at))::text);
  end if;
  select * into cur from public.rsvps r where r.id = rid and r.event_id = e.id for update;
  if not found or cur.status <> 'going' then
    perform private.raise_error('not_going', 'This person is not on the guest list.', 404);
  end if;
  if cur.checked_in_at is not null then
    perform private.raise_error('already_checked_in',
      format('Already checked in at %s (%s).', to_char(cur.checked_in_at at time zone e.timezone, 'HH24:MI'), e.timezone), 409,
      private.iso_time(cur.checked_in_at));
  end if;
  update public.rsvps r set checked_in_at = now() where r.id = cur.id returning r.checked_in_at into stamped;
  perform private.refresh_event_stats(e.id);
  select * into guest from public.profiles where id = cur.user_id;
  return jsonb_build_object('rsvp_id', cur.id, 'event_id', e.id, 'user_id', cur.user_id, 'username', guest.username,
    'display_name', guest.display_name, 'guests', cur.guests, 'checked_in_at', stamped);
end
$$;
revoke all on function private.check_in_rsvp(public.events, uuid) from public, anon, authenticated;

create or replace function public.check_in(event_id uuid, user_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(check_in.event_id);
begin
  return private.check_in_rsvp(e, (select r.id from public.rsvps r where r.event_id = e.id and r.user_id = check_in.user_id));
end
$$;

create function public.check_in_ticket(code text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rid uuid := private.ticket_rsvp_id(check_in_ticket.code);
  eid uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  select r.event_id into eid from public.rsvps r where r.id = rid;
  if rid is null or eid is null then
    perform private.raise_error('invalid_ticket', 'This ticket code is not valid.', 400);
  end if;
  return private.check_in_rsvp(private.lock_event(eid), rid);
end
$$;

-- The RSVP's owner sees their ticket; the event's hosts and checkers see any of its tickets.
create function public.my_ticket(rsvp_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  r public.rsvps;
  e public.events;
  guest public.profiles;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  select * into r from public.rsvps x where x.id = my_ticket.rsvp_id;
  if not found or not (r.user_id = (select auth.uid()) or private.can_check_in(r.event_id)) then
    perform private.raise_error('ticket_not_found', 'This ticket does not exist or is not yours.', 404);
  end if;
  select * into e from public.events where id = r.event_id;
  select * into guest from public.profiles where id = r.user_id;
  return jsonb_build_object(
    'rsvp_id', r.id, 'code', private.ticket_code(r.id), 'event_id', e.id, 'slug', e.slug, 'title', e.title,
    'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone, 'venue_name', e.venue_name,
    'address', e.address, 'is_online', e.is_online, 'event_status', e.status,
    'user_id', r.user_id, 'username', guest.username, 'display_name', guest.display_name,
    'guests', r.guests, 'status', r.status, 'checked_in_at', r.checked_in_at);
end
$$;

revoke all on function public.check_in_ticket(text), public.my_ticket(uuid) from public, anon;
grant execute on function public.check_in_ticket(text), public.my_ticket(uuid) to authenticated, service_role;
