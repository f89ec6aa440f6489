-- A weekly email of picks (issue 33, decisions 0380–0382): on Monday at 08:00 UTC each member who
-- asked for it (`weekly_picks`, off until they turn it on) and has at least one pick gets one
-- email with up to five events from recommend_events, in their language, with a link that turns
-- it off in one click.
--
-- The picks are recommend_events' own, evaluated as the member: the job sets the member's claims
-- and takes the `authenticated` role for that call, so row-level security decides what is picked
-- exactly as in the app (decision 0381). The job queues; `send-weekly-picks` sends.

alter table public.notification_preferences add column weekly_picks boolean not null default false;

-- One stable, unguessable token per member for the unsubscribe link (old emails' links keep
-- working; nothing else can be done with it).
create table private.weekly_picks_tokens (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);

-- One email per member and week (the Monday it is for), whatever runs twice.
create table private.weekly_picks_queue (
  user_id uuid not null references public.profiles (id) on delete cascade,
  week date not null,
  picks jsonb not null,
  queued_at timestamptz not null default now(),
  sent_at timestamptz,
  status text constraint weekly_picks_queue_status check (status in ('sent', 'opted_out', 'no_address')),
  primary key (user_id, week)
);
revoke all on private.weekly_picks_tokens, private.weekly_picks_queue from public, anon, authenticated, service_role;

-- Not security definer on purpose: it changes role for each member, which a security definer
-- function may not. pg_cron runs it as the role that scheduled it (postgres), which may become
-- `authenticated`. Returns how many emails it queued.
create function private.queue_weekly_picks() returns int
language plpgsql set search_path = '' as $$
declare
  this_week date := date_trunc('week', now() at time zone 'utc')::date;
  saved_claims text := current_setting('request.jwt.claims', true);
  saved_sub text := current_setting('request.jwt.claim.sub', true);
  saved_role text := current_user;
  member uuid;
  found_picks jsonb;
  queued int := 0;
begin
  for member in
    select np.user_id from public.notification_preferences np
    join auth.users u on u.id = np.user_id and u.email is not null
    where np.weekly_picks and not private.is_suspended(np.user_id)
      and not exists (select 1 from private.weekly_picks_queue q where q.user_id = np.user_id and q.week = this_week)
    order by np.user_id
  loop
    begin
      perform set_config('request.jwt.claims', jsonb_build_object('sub', member, 'role', 'authenticated', 'aud', 'authenticated')::text, true);
      perform set_config('request.jwt.claim.sub', member::text, true);
      set local role authenticated;
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'slug', r.slug, 'title', r.title, 'starts_at', r.starts_at,
                                                   'reason', r.reason) order by r.n), '[]')
        into found_picks
        from public.recommend_events(5) with ordinality r(id, slug, title, starts_at, reason, signal, score, n);
      execute format('set local role %I', saved_role);
      if jsonb_array_length(found_picks) > 0 then
        insert into private.weekly_picks_queue (user_id, week, picks) values (member, this_week, found_picks)
          on conflict do nothing;
        if found then queued := queued + 1; end if;
      end if;
    exception when others then
      -- One member's failure (a deleted account mid-run) does not cost the others their email.
      raise warning 'weekly picks for %: %', member, sqlerrm;
    end;
  end loop;
  perform set_config('request.jwt.claims', coalesce(saved_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(saved_sub, ''), true);
  return queued;
end
$$;
revoke all on function private.queue_weekly_picks() from public, anon, authenticated, service_role;

-- For `send-weekly-picks` (service role): the queued emails not yet handled, with what each needs.
create function public.weekly_picks_outbox(max int default 200) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(x order by x.week, x.user_id), '[]') from (
    select q.user_id, q.week, q.picks, u.email, p.display_name, coalesce(p.locale, 'en') as locale,
           coalesce(np.weekly_picks, false) as wanted, t.token
    from private.weekly_picks_queue q
    join public.profiles p on p.id = q.user_id
    left join auth.users u on u.id = q.user_id
    left join public.notification_preferences np on np.user_id = q.user_id
    left join private.weekly_picks_tokens t on t.user_id = q.user_id
    where q.sent_at is null
    order by q.week, q.user_id
    limit greatest(1, least(coalesce(weekly_picks_outbox.max, 200), 1000))
  ) x
$$;

-- The member's unsubscribe token, made on first need.
create function public.weekly_picks_token(user_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  result text;
begin
  insert into private.weekly_picks_tokens (user_id) values (weekly_picks_token.user_id) on conflict do nothing;
  select t.token into result from private.weekly_picks_tokens t where t.user_id = weekly_picks_token.user_id;
  return result;
end
$$;

-- Records what became of a queued email, once: true for the call that recorded it.
create function public.mark_weekly_picks(user_id uuid, week date, status text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update private.weekly_picks_queue q set sent_at = now(), status = mark_weekly_picks.status
  where q.user_id = mark_weekly_picks.user_id and q.week = mark_weekly_picks.week and q.sent_at is null;
  return found;
end
$$;

-- The one-click unsubscribe: turns the weekly email off for the token's member and says in which
-- language to answer. An unknown token: `unsubscribe_token_invalid` (404).
create function public.unsubscribe_weekly_picks(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  member uuid;
begin
  select t.user_id into member from private.weekly_picks_tokens t
  where t.token = unsubscribe_weekly_picks.token and unsubscribe_weekly_picks.token is not null;
  if member is null then
    perform private.raise_error('unsubscribe_token_invalid', 'This unsubscribe link is not valid. Turn the weekly email off in your settings.', 404);
  end if;
  update public.notification_preferences set weekly_picks = false where user_id = member;
  return jsonb_build_object('locale', (select coalesce(p.locale, 'en') from public.profiles p where p.id = member));
end
$$;

revoke all on function public.weekly_picks_outbox(int), public.weekly_picks_token(uuid), public.mark_weekly_picks(uuid, date, text),
  public.unsubscribe_weekly_picks(text) from public, anon, authenticated;
grant execute on function public.weekly_picks_outbox(int), public.weekly_picks_token(uuid), public.mark_weekly_picks(uuid, date, text),
  public.unsubscribe_weekly_picks(text) to service_role;

-- Monday 08:00 UTC: queue, then hand the queue to `send-weekly-picks` (after commit, via pg_net).
select cron.schedule('gather-weekly-picks', '0 8 * * 1',
  $$select private.queue_weekly_picks(); select private.call_function('send-weekly-picks')$$);
