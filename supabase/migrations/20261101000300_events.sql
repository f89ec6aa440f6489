-- Events, their hosts and invitations.

create table public.events (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  host_id uuid not null references public.profiles (id) on delete cascade,
  title text not null constraint events_title_length check (char_length(title) between 3 and 120),
  description text not null default ''
    constraint events_description_length check (char_length(description) <= 20000),
  category public.event_category not null default 'other',
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  timezone text not null default 'UTC',
  venue_name text,
  address text,
  lat double precision constraint events_lat_range check (lat between -90 and 90),
  lng double precision constraint events_lng_range check (lng between -180 and 180),
  -- The link itself is in event_online_links, readable only by those going and the hosts.
  is_online boolean not null default false,
  cover_path text,
  video_url text,
  video_path text,
  capacity int constraint events_capacity_range check (capacity between 1 and 100000),
  waitlist_enabled boolean not null default true,
  requires_approval boolean not null default false,
  plus_ones_max int not null default 0 constraint events_plus_ones_range check (plus_ones_max between 0 and 10),
  rsvp_closes_at timestamptz,
  visibility public.event_visibility not null default 'public',
  status public.event_status not null default 'draft',
  cancel_reason text,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(venue_name, '') || ' ' || coalesce(address, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'C')
  ) stored,
  constraint events_dates check (ends_at > starts_at and ends_at <= starts_at + interval '14 days'),
  constraint events_has_place_or_link check (
    (venue_name is not null and lat is not null and lng is not null) or is_online)
);

-- Discover: upcoming public events by date; search; map bounding boxes; a host's events.
create index events_discover_idx on public.events (starts_at) where status = 'published' and visibility = 'public';
create index events_search_idx on public.events using gin (search);
create index events_location_idx on public.events (lat, lng) where lat is not null;
create index events_host_idx on public.events (host_id);

create table public.event_hosts (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.host_role not null,
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_hosts_user_idx on public.event_hosts (user_id);

create table public.event_invites (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_invites_user_idx on public.event_invites (user_id);

-- Who the caller is to an event. Security definer: policies on these tables call them, and
-- they must not recurse into those same policies.
create function private.event_role(eid uuid) returns public.host_role
language sql stable security definer set search_path = '' as $$
  select role from public.event_hosts where event_id = eid and user_id = (select auth.uid())
$$;

create function private.can_manage_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or coalesce(private.event_role(eid) in ('host', 'cohost'), false)
$$;

create function private.can_check_in(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin() or private.event_role(eid) is not null
$$;

