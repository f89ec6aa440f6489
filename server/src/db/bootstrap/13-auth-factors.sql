-- Multi-factor authentication, passkeys and OAuth flows, in GoTrue's own tables and columns
-- (its migrations up to 20260302: mfa schema, phone and WebAuthn factors, passkeys, the OAuth
-- context of flow_state), so factors and passkeys move to and from Supabase with the users.
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn');
exception when duplicate_object then null; end $$;
do $$ begin
  alter type auth.factor_type add value if not exists 'phone';
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null; end $$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- GoTrue keeps the whole OAuth context in the flow state (its id is the `state` parameter), for
-- implicit flows too, so the PKCE columns may be empty.
alter table auth.flow_state
  add column if not exists invite_token text null,
  add column if not exists referrer text null,
  add column if not exists oauth_client_state_id uuid null,
  add column if not exists linking_target_id uuid null,
  add column if not exists email_optional boolean not null default false;
alter table auth.flow_state
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  alter column auth_code drop not null;
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

do $$
declare t text;
begin
  foreach t in array array['mfa_factors','mfa_challenges','webauthn_credentials','webauthn_challenges']
  loop
    execute format('alter table auth.%I enable row level security', t);
    execute format('grant all on auth.%I to supabase_auth_admin, dashboard_user', t);
  end loop;
end $$;

-- Server-private: the last TOTP time step accepted per factor, so a code is usable once
-- (RFC 6238 §5.2, ASVS 6.5.1); GoTrue accepts a code again within its 90-second window.
create table if not exists _gather.mfa_totp_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null
);
revoke all on _gather.mfa_totp_steps from public, anon, authenticated, service_role;
