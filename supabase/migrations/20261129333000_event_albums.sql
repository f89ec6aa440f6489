-- Event albums (issue 33, decisions 0355–0356): once an event has started, the people who went
-- (going or checked in) and its hosts add photos to its album. The files live in the public
-- bucket `event-albums` under <event id>/<random name> (as covers do: unguessable names, read
-- through the render endpoint); which photos exist, their captions and whether they are hidden
-- is this table, under row-level security. Photos are reported like events and comments
-- (reports.target_type 'photo'); the event's hosts and admins hide them.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('event-albums', 'event-albums', true, 8 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Alone in this file's use of the new value: it is only compared at run time (plpgsql), never
-- while this migration's transaction is open.
alter type public.report_target add value if not exists 'photo';

-- Who may add to an event's album: its hosts (and admins) at any time, so they can start it;
-- the people who went once it has started. Banned group members and suspended accounts never.
create function private.can_add_to_album(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null and not private.caller_suspended() and exists (
    select 1 from public.events e
    where e.id = eid and e.status = 'published' and e.hidden_at is null
      and (private.can_manage_event(e.id)
           or (e.starts_at <= now()
               and exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = (select auth.uid())
                           and (r.status = 'going' or r.checked_in_at is not null))
               and not exists (select 1 from public.group_members m where m.group_id = e.group_id
                               and m.user_id = (select auth.uid()) and m.status = 'banned'))))
$$;

create table public.event_album_photos (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  uploader_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- The object's name in bucket event-albums: always in the event's own folder.
  path text not null unique
    constraint event_album_photos_path check (split_part(path, '/', 1) = event_id::text and char_length(path) <= 300),
  caption text constraint event_album_photos_caption check (char_length(caption) <= 300),
  width int constraint event_album_photos_width check (width between 1 and 20000),
  height int constraint event_album_photos_height check (height between 1 and 20000),
  hidden_at timestamptz,
  created_at timestamptz not null default now()
);
create index event_album_photos_event_idx on public.event_album_photos (event_id, created_at);
create index event_album_photos_uploader_idx on public.event_album_photos (uploader_id);

create trigger event_album_photos_stamp before insert on public.event_album_photos
  for each row execute function private.stamp_client_insert();
create trigger event_album_photos_refuse_suspended before insert or update on public.event_album_photos
  for each row execute function private.refuse_suspended_writer();

-- A row names a file its uploader put there (nobody claims another member's upload).
create function private.uploaded_album_file(file text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from storage.objects o where o.bucket_id = 'event-albums' and o.name = file
                 and o.owner_id = (select auth.uid())::text)
$$;

alter table public.event_album_photos enable row level security;
-- Whoever may see the event sees its photos; a hidden one only its uploader and the hosts.
create policy "album photos are seen with their event" on public.event_album_photos for select to anon, authenticated
  using (private.can_view_event(event_id)
         and (hidden_at is null or uploader_id = (select auth.uid()) or private.can_manage_event(event_id)));
create policy "those who went add photos" on public.event_album_photos for insert to authenticated
  with check (uploader_id = (select auth.uid()) and private.can_add_to_album(event_id) and private.uploaded_album_file(path));
create policy "uploaders edit their captions" on public.event_album_photos for update to authenticated
  using (uploader_id = (select auth.uid())) with check (uploader_id = (select auth.uid()));
create policy "uploaders and hosts remove photos" on public.event_album_photos for delete to authenticated
  using (uploader_id = (select auth.uid()) or private.can_manage_event(event_id));
grant select on public.event_album_photos to anon, authenticated;
grant insert (event_id, uploader_id, path, caption, width, height) on public.event_album_photos to authenticated;
grant update (caption) on public.event_album_photos to authenticated;
grant delete on public.event_album_photos to authenticated;
grant all on public.event_album_photos to service_role;
select private.hold_to_full_session('public.event_album_photos');

-- The files: listed with their event, added by who may add to the album, removed by their
-- uploader or the event's hosts (admins among them). Never replaced: a new photo is a new file.
create policy "album files are seen with their event" on storage.objects for select to anon, authenticated
  using (bucket_id = 'event-albums' and private.can_view_event(private.try_uuid((storage.foldername(name))[1])));
create policy "those who went upload album files" on storage.objects for insert to authenticated
  with check (bucket_id = 'event-albums' and private.can_add_to_album(private.try_uuid((storage.foldername(name))[1])));
create policy "uploaders and hosts remove album files" on storage.objects for delete to authenticated
  using (bucket_id = 'event-albums'
         and (owner_id = (select auth.uid())::text or private.can_manage_event(private.try_uuid((storage.foldername(name))[1]))));

-- Hosts (and admins) hide a photo from the album, or show it again; it is logged as other
-- moderation is. The uploader still sees it, marked hidden.
create function public.hide_album_photo(photo_id uuid, hidden boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  p public.event_album_photos;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  if hidden is null then
    perform private.raise_error('invalid_request', 'Say whether to hide or restore it.');
  end if;
  select * into p from public.event_album_photos where id = photo_id for update;
  if not found then
    perform private.raise_error('photo_not_found', 'This photo does not exist.', 404);
  end if;
  if not private.can_manage_event(p.event_id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  update public.event_album_photos set hidden_at = case when hidden then coalesce(hidden_at, now()) end where id = photo_id;
  perform private.log_moderation(case when hidden then 'content_hidden' else 'content_restored' end, 'photo', photo_id,
                                 jsonb_build_object('event_id', p.event_id));
end
$$;
revoke all on function public.hide_album_photo(uuid, boolean) from public, anon;
grant execute on function public.hide_album_photo(uuid, boolean) to authenticated, service_role;
select private.guard_procedure('public.hide_album_photo(uuid, boolean)', false);

-- Whether the caller may see this photo (for reports: members report what they can see).
create function private.can_see_album_photo(pid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.event_album_photos p where p.id = pid and private.can_view_event(p.event_id)
                 and (p.hidden_at is null or p.uploader_id = (select auth.uid()) or private.can_manage_event(p.event_id)))
$$;

-- As in migration 20261124140938, plus photos.
create or replace function private.report_rules() returns trigger
language plpgsql as $$
begin
  new.reason := trim(new.reason);
  if char_length(coalesce(new.reason, '')) not between 1 and 1000 then
    perform private.raise_error('invalid_reason', 'Say what is wrong, in at most 1,000 characters.');
  end if;
  -- The service role and the seed may file anything; members only what they can see.
  if current_user = 'authenticated' then
    if not (case new.target_type::text when 'event' then private.can_view_event(new.target_id)
                                       when 'group' then private.can_see_group(new.target_id)
                                       when 'photo' then private.can_see_album_photo(new.target_id)
                                       else private.can_view_comment(new.target_id) end) then
      perform private.raise_error('report_target_not_found', 'This content does not exist or is not visible to you.', 404);
    end if;
    if (select count(*) from public.reports where reporter_id = new.reporter_id and created_at > now() - interval '1 hour') >= 20 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
  end if;
  if exists (select 1 from public.reports r where r.reporter_id = new.reporter_id and r.target_type = new.target_type
             and r.target_id = new.target_id and r.status = 'open') then
    perform private.raise_error('already_reported', 'You already reported this. An admin will look at it soon.', 409);
  end if;
  return new;
end
$$;
