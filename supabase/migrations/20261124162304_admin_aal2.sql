-- Site admins who have a verified second factor act as admins only from an aal2 session
-- (issue 17, decision 0145). Every admin procedure and RLS policy asks private.is_admin(), so
-- the rule lives here once: a stolen password alone no longer opens the admin powers of an
-- account that enrolled a factor. The `aal` claim is set by the auth server from the session's
-- AMR; it is signed with the token, so it is read from the token, not from auth.sessions.
--
-- security definer: the API roles cannot read auth.mfa_factors. The factor lookup runs only for
-- tokens that already claim the admin role, so every other caller pays nothing extra.
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
    and (
      coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
    )
$$;

grant execute on function private.is_admin() to anon, authenticated, service_role;
