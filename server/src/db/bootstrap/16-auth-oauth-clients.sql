-- The OAuth 2.1 server's client registry, as GoTrue's migrations leave auth.oauth_clients
-- (20250731150234 … 20260121000000: no client_id column, client_type, token_endpoint_auth_method),
-- so registered clients move to and from Supabase with the users. Decision 0156.
do $$ begin
  create type auth.oauth_registration_type as enum ('dynamic', 'manual');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.oauth_client_type as enum ('public', 'confidential');
exception when duplicate_object then null; end $$;

create table if not exists auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null check (char_length(client_name) <= 1024),
  client_uri text null check (char_length(client_uri) <= 2048),
  logo_uri text null check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none'))
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
alter table auth.oauth_clients enable row level security;
grant all on auth.oauth_clients to supabase_auth_admin, dashboard_user;
