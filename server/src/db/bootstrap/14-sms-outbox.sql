-- Server-private, like the mail outbox: every text message the server sends (phone sign-up and
-- sign-in codes, phone changes, second-factor codes) is written here in the transaction that
-- made its code. With an SMS provider configured rows start 'pending' and are delivered by
-- every instance in turn; without one they stay 'local', for the development inbox (/_inbox).
create table if not exists _gather.sms_outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  kind text not null,
  to_phone text not null,
  body text not null,
  channel text not null default 'sms' check (channel in ('sms', 'whatsapp')),
  status text not null default 'local' check (status in ('local', 'pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  provider_message_id text,
  sent_at timestamptz
);
create index if not exists sms_outbox_to_idx on _gather.sms_outbox (to_phone, id desc);
create index if not exists sms_outbox_due_idx on _gather.sms_outbox (next_attempt_at) where status = 'pending';
revoke all on _gather.sms_outbox from public, anon, authenticated, service_role;
revoke all on sequence _gather.sms_outbox_id_seq from public, anon, authenticated, service_role;
