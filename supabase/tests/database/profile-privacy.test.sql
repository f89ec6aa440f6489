-- What a profile keeps private (public.profile_private) is read by its member only.
begin;
select plan(4);

insert into auth.users (id, email, raw_user_meta_data)
values ('00000000-0000-4000-8000-0000000000a1', 'ada@pgtap.test', '{"display_name":"Ada"}'),
       ('00000000-0000-4000-8000-0000000000b2', 'bob@pgtap.test', '{"display_name":"Bob"}');
update public.profile_private set home_lat = 48.85, home_lng = 2.35
where id in ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b2');

select is(
  (select count(*)::int from public.profile_private
   where id in ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b2')),
  2, 'the sign-up trigger made a private row for each profile');

set local role anon;
select is_empty('select * from public.profile_private', 'anon reads no private row');

reset role;
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-8000-0000000000a1","role":"authenticated"}', true);
select results_eq(
  'select id::text from public.profile_private',
  array['00000000-0000-4000-8000-0000000000a1'],
  'a member reads their own private row only');

select throws_ok(
  $$ update public.profile_private set suspended_at = now() where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '42501', null, 'a member cannot suspend themselves');

select * from finish();
rollback;
