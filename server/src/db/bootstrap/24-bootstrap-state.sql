-- Which platform bootstrap this database has had: a fingerprint of every file in this folder (and
-- the auto-expose switch), written by the server after running them. A start that finds its own
-- fingerprint here only redoes what lives outside the database (bootstrap.ts), not the whole
-- bootstrap (decision 0401).
create table if not exists _gather.bootstrap_state (
  only_row boolean primary key default true check (only_row),
  fingerprint text not null,
  bootstrapped_at timestamptz not null default now()
);
revoke all on _gather.bootstrap_state from public;
-- The database it was bootstrapped as: a copy (`createdb -T`) or a renamed database keeps the
-- fingerprint but not its database-level settings, so a start that finds another name here redoes
-- those (bootstrap.ts, decision 0419).
alter table _gather.bootstrap_state add column if not exists database name;
