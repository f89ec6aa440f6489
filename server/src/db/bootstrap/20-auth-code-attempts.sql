-- Server-private: wrong guesses at one-time codes, per account and what is guessed at (email
-- codes, text-message codes, the reauthentication code, second-factor codes). In the database,
-- not in memory, so the count holds across restarts and across the workers of one database
-- (decision 0258). `code` identifies the code being guessed (a digest, never the code): a new
-- code starts its own count; `failures` counts wrong guesses since the last success or lock,
-- `locks` the locks in a row, for the backoff; `notified_at` when the owner was last told.
create table if not exists _gather.auth_code_attempts (
  user_id uuid not null references auth.users (id) on delete cascade,
  target text not null check (target in ('email', 'phone', 'reauthentication', 'mfa')),
  code text not null default '',
  code_failures integer not null default 0,
  failures integer not null default 0,
  locks integer not null default 0,
  locked_until timestamptz,
  last_failure_at timestamptz,
  notified_at timestamptz,
  primary key (user_id, target)
);
revoke all on _gather.auth_code_attempts from public, anon, authenticated, service_role;
