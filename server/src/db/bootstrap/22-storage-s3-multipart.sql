-- S3 multipart uploads in progress, with Supabase Storage's table layout (its migrations 0021,
-- 0022 and 0057), so a project's tooling that looks at them finds them. Only the server writes
-- them; the API roles may read (as upstream grants), RLS on and no policies.
create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  version text not null,
  owner_id text null,
  created_at timestamptz not null default now(),
  metadata jsonb null
);
create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number int not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  etag text not null,
  owner_id text null,
  version text not null,
  created_at timestamptz not null default now()
);
create index if not exists idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);
create index if not exists gather_multipart_parts_upload on storage.s3_multipart_uploads_parts (upload_id, part_number);
alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
revoke all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts from anon, authenticated;
grant all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to service_role;
grant select on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to anon, authenticated;
