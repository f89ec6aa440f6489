-- When `--auto-expose-new-tables` first granted Supabase's old default privileges in this
-- database (decision 0270). They are granted once: what a migration revokes afterwards stays
-- revoked at every later start. `reset` drops the schema, and with it this record.
create table if not exists _gather.auto_expose_granted (
  once boolean primary key default true check (once),
  granted_at timestamptz not null default now()
);
revoke all on _gather.auto_expose_granted from public, anon, authenticated, service_role;
