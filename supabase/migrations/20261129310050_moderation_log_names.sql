-- Every moderation_log entry names what it is about (title or name, slug), written when the
-- entry is, so it survives a later rename or deletion (issue 32 item 5, decision 0310).

-- The names a moderation_log entry keeps of its target: an event's title, a group's name, a
-- comment's first words and its event's title, a member's username; for a report, those of the
-- reported content.
create function private.moderation_target_names(target_type text, target_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(case target_type
    when 'event' then (select jsonb_build_object('target_name', e.title, 'target_slug', e.slug) from public.events e where e.id = target_id)
    when 'group' then (select jsonb_build_object('target_name', g.name, 'target_slug', g.slug) from public.groups g where g.id = target_id)
    when 'comment' then (select jsonb_build_object('target_name', left(c.body, 80), 'event_title', e.title, 'target_slug', e.slug)
                         from public.comments c join public.events e on e.id = c.event_id where c.id = target_id)
    when 'user' then (select jsonb_build_object('target_name', p.username) from public.profiles p where p.id = target_id)
  end, '{}'::jsonb)
$$;

-- Names every entry as it is written, whoever writes it (the procedures' own details win: a
-- deleted group's log names it already).
create function private.name_moderation_target() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.details := case
    when new.target_type = 'report' then
      private.moderation_target_names(new.details ->> 'target_type', private.try_uuid(new.details ->> 'target_id'))
    else private.moderation_target_names(new.target_type, new.target_id) end || new.details;
  return new;
end
$$;
create trigger moderation_log_names_target before insert on public.moderation_log
  for each row execute function private.name_moderation_target();

revoke all on function private.moderation_target_names(text, uuid), private.name_moderation_target()
  from public, anon, authenticated;
