-- Buckets for avatars, covers and videos, with their limits, and who may write where.
-- Paths: avatars/<user id>/<file>, event-covers/<event id>/<file>, event-videos/<event id>/<file>.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 2 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp']),
  ('event-covers', 'event-covers', true, 5 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp']),
  ('event-videos', 'event-videos', true, 100 * 1024 * 1024, array['video/mp4', 'video/webm'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "media is public" on storage.objects for select to anon, authenticated
  using (bucket_id in ('avatars', 'event-covers', 'event-videos'));

create policy "members manage their avatar" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "members replace their avatar" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "members remove their avatar" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "hosts upload event media" on storage.objects for insert to authenticated
  with check (bucket_id in ('event-covers', 'event-videos')
              and private.can_manage_event(private.try_uuid((storage.foldername(name))[1])));
create policy "hosts replace event media" on storage.objects for update to authenticated
  using (bucket_id in ('event-covers', 'event-videos') and private.can_manage_event(private.try_uuid((storage.foldername(name))[1])))
  with check (bucket_id in ('event-covers', 'event-videos') and private.can_manage_event(private.try_uuid((storage.foldername(name))[1])));
create policy "hosts remove event media" on storage.objects for delete to authenticated
  using (bucket_id in ('event-covers', 'event-videos') and private.can_manage_event(private.try_uuid((storage.foldername(name))[1])));
