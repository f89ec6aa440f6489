-- Storage columns newer than 04-storage.sql's layout, idempotent. `type` is Supabase's bucket
-- type (STANDARD for every bucket this server creates); seeds written for Supabase insert it.
do $$
begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception when duplicate_object then null;
end
$$;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';
grant usage on type storage.buckettype to anon, authenticated, service_role;
-- Listing by prefix is case-insensitive and sorted in byte order, as upstream's search().
create index if not exists gather_objects_bucket_lower_name on storage.objects (bucket_id, (lower(name)) text_pattern_ops);
