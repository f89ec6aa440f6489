-- Server-private state, invisible to the API roles: every message the server sends (auth
-- confirmations, magic links, recovery, email change, invites, …) is written here first, in the
-- same transaction as the token it carries, so several server instances share one outbox and a
-- rolled-back request never sends mail. SMTP delivery claims rows from here; the local inbox
-- (/_inbox) reads them.
create schema if not exists _gather;
revoke all on schema _gather from public;

create table if not exists _gather.mail_outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  kind text not null,
  to_address text not null,
  from_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- local: kept for the inbox only (no SMTP configured); pending → sent | failed with SMTP.
  status text not null default 'local' check (status in ('local', 'pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz
);
create index if not exists mail_outbox_to_idx on _gather.mail_outbox (lower(to_address), id desc);
create index if not exists mail_outbox_due_idx on _gather.mail_outbox (next_attempt_at) where status = 'pending';

-- Only this module's objects: the schema is shared with other server-private state.
revoke all on _gather.mail_outbox from public, anon, authenticated, service_role;
revoke all on sequence _gather.mail_outbox_id_seq from public, anon, authenticated, service_role;
