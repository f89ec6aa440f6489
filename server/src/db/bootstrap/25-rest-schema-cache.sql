-- The REST API's schema cache as its last load found it, under the catalog fingerprint and code
-- it was loaded with (server/src/rest/schema-cache/stored-cache.ts, decision 0442): a start whose
-- catalog has not changed reads it back instead of asking the catalog again. One row, keyed by
-- the exposed schemas and the version of the code that made it; no API role may read it.
create table if not exists _gather.rest_schema_cache (
  key text primary key,
  fingerprint text not null,
  cache text not null,
  saved_at timestamptz not null default now()
);
revoke all on _gather.rest_schema_cache from public;
