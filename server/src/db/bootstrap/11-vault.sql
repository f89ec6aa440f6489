-- Supabase Vault's SQL surface (vault.secrets, vault.decrypted_secrets, vault.create_secret,
-- vault.update_secret) where the real supabase_vault extension is absent, as on PGlite and a plain
-- PostgreSQL. Supabase documents calling Edge Functions from pg_cron and triggers with the
-- project's URL and key read from `vault.decrypted_secrets`; with this stand-in the same SQL runs
-- here, and the server stores `project_url` and `service_role_key` at start. Unlike the real
-- vault it does not encrypt: the secrets are only as private as the database, which only its owner
-- may read (as with vault). See docs/decisions/0044.

do $bootstrap$
begin
  if _gather.real_extension('supabase_vault') then
    delete from _gather.emulated_extensions where name = 'supabase_vault';
    return;
  end if;

  create schema if not exists vault;
  create table if not exists vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default current_timestamp,
    updated_at timestamptz not null default current_timestamp
  );
  create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

  insert into _gather.emulated_extensions values ('supabase_vault', '0.3.1') on conflict (name) do nothing;
  perform _gather.stand_in_extension('supabase_vault', '0.3.1', 'vault');
end
$bootstrap$;

do $functions$
begin
  if not exists (select 1 from _gather.emulated_extensions where name = 'supabase_vault') then
    return;
  end if;

  -- The real view decrypts `secret`; here it is stored as given.
  create or replace view vault.decrypted_secrets as
    select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce, s.created_at, s.updated_at
    from vault.secrets s;

  create or replace function vault.create_secret(new_secret text, new_name text default null,
      new_description text default '', new_key_id uuid default null) returns uuid
  language plpgsql set search_path = '' as $f$
  declare
    new_id uuid;
  begin
    insert into vault.secrets (secret, name, description) values (new_secret, new_name, coalesce(new_description, ''))
    returning secrets.id into new_id;
    return new_id;
  end
  $f$;

  create or replace function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null,
      new_description text default null, new_key_id uuid default null) returns void
  language plpgsql set search_path = '' as $f$
  begin
    update vault.secrets s set
      secret = coalesce(new_secret, s.secret),
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      updated_at = now()
    where s.id = secret_id;
  end
  $f$;

  -- Only the database owner reads or writes secrets, as on Supabase.
  revoke all on schema vault from public, anon, authenticated, service_role;
  revoke all on all tables in schema vault from public, anon, authenticated, service_role;
  revoke all on all functions in schema vault from public, anon, authenticated, service_role;
end
$functions$;
