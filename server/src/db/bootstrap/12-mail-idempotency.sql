-- Mail sent through /mail/v1/send (server functions) may carry an idempotency key: the same key
-- queues one message however often it is sent, so a function retried after a timeout, or two
-- calls racing for one notification, never email twice. See docs/decisions/0043.
alter table _gather.mail_outbox add column if not exists idempotency_key text;
create unique index if not exists mail_outbox_idempotency_idx on _gather.mail_outbox (idempotency_key)
  where idempotency_key is not null;
