-- Gather: shared types, the private helper schema and the error convention.

create type public.event_category as enum
  ('arts', 'books', 'career', 'community', 'food', 'games', 'health', 'music', 'outdoors', 'tech', 'other');
create type public.event_visibility as enum ('public', 'unlisted', 'private');
create type public.event_status as enum ('draft', 'published', 'cancelled');
create type public.host_role as enum ('host', 'cohost', 'checker');
create type public.rsvp_status as enum ('going', 'waitlisted', 'pending', 'declined', 'cancelled');
create type public.report_target as enum ('event', 'comment');
create type public.report_status as enum ('open', 'resolved', 'dismissed');

-- Helpers used by policies and procedures. Not an API schema: PostgREST does not expose it.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- Errors the app shows: PostgREST turns SQLSTATE 'PGRST' into this exact JSON body and HTTP
-- status, so the client gets { code: 'event_full', message: 'This event is full.' }.
create function private.raise_error(code text, message text, status int default 400, details text default null)
returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', details, 'hint', null)::text,
    detail = json_build_object('status', status, 'headers', json_build_object())::text;
end
$$;

create function private.is_admin() returns boolean
language sql stable as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;

create function private.set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Turns a title into a URL slug: lower-case ASCII words joined by dashes.
create function private.slugify(value text) returns text
language sql immutable as $$
  select trim(both '-' from regexp_replace(lower(coalesce(value, '')), '[^a-z0-9]+', '-', 'g'))
$$;

create function private.try_uuid(value text) returns uuid
language plpgsql immutable as $$
begin
  return value::uuid;
exception when others then
  return null;
end
$$;

grant execute on all functions in schema private to anon, authenticated, service_role;
