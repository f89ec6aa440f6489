-- The events' policy asks once per statement which groups are open (decision 0350): public, not
-- hidden, no suspended organizer. As a SQL function calling withheld_group_ids it was planned
-- afresh on every statement, its inner function too (~0.7 ms at 1,000 groups, asked by every read
-- of events and again by their counts). The same rule in PL/pgSQL keeps its plan for the
-- connection, and reads the suspended organizers from the few suspended accounts (a partial
-- index) rather than from every organizer's membership.
create index profile_private_suspended_idx on public.profile_private (id) where suspended_at is not null;

create or replace function private.open_group_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return query
    select g.id from public.groups g
    where g.visibility = 'public' and g.hidden_at is null
      and not exists (select 1 from public.group_members m join public.profile_private p on p.id = m.user_id
                      where m.group_id = g.id and m.role = 'organizer' and m.status = 'active' and p.suspended_at is not null);
end
$$;
