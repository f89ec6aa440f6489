-- Issue 35: a new event's stats were recounted from its RSVPs and tickets (none yet) by a
-- grouped join per inserted row (~1.2 ms an event on PostgreSQL, most of a bulk import's trigger
-- time). A new event has no RSVPs or tickets, so its row is zeros and spots_left = capacity:
-- written directly, recounting only if a row was somehow already there (decision 0362).
-- As in 20261124231000_series_reshape_parts.sql otherwise.
create or replace function private.after_event_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  if tg_op = 'INSERT' then
    insert into public.event_hosts (event_id, user_id, role) values (new.id, new.host_id, 'host');
    insert into public.event_stats (event_id, spots_left) values (new.id, new.capacity) on conflict (event_id) do nothing;
    if not found then
      perform private.refresh_event_stats(new.id);
    end if;
    return null;
  end if;
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    if not private.event_notices_quiet() then
      for r in select user_id from public.rsvps where event_id = new.id and status in ('going', 'waitlisted', 'pending') loop
        perform private.notify(r.user_id, 'event_cancelled',
          jsonb_build_object('event_id', new.id, 'slug', new.slug, 'title', new.title, 'reason', new.cancel_reason));
      end loop;
    end if;
  elsif new.capacity is distinct from old.capacity and (new.capacity is null or new.capacity > coalesce(old.capacity, 0)) then
    perform private.promote_waitlist(new.id);
  end if;
  perform private.refresh_event_stats(new.id);
  return null;
end
$$;
