-- Every row-level policy that lets site admins in asks (select private.is_admin()) once per
-- statement, and reads of events ask it twice (the events' policy, and again through the counts'
-- policy on event_stats). As a security definer SQL function it cannot be inlined, so PostgreSQL
-- planned its body afresh in every statement: 0.12-0.19 ms of an anonymous group page read that
-- takes ~2 ms in SQL (issue 35, decision 0456). The same rule in PL/pgSQL keeps its plan for the
-- connection, and a caller whose token claims no admin role (everyone but admins) returns at once.
create or replace function private.is_admin() returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  claims jsonb := auth.jwt();
begin
  if coalesce(claims -> 'app_metadata' ->> 'role', '') <> 'admin' then
    return false;
  end if;
  -- Admins with a verified second factor act as admins only from an aal2 session (decision 0145).
  return coalesce(claims ->> 'aal', 'aal1') = 'aal2'
    or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
end
$$;
