-- Mail from server functions may carry RFC 8058's List-Unsubscribe and List-Unsubscribe-Post
-- headers (the weekly email of picks, decision 0382); SMTP delivery sends them as they are.
alter table _gather.mail_outbox add column if not exists headers jsonb;
