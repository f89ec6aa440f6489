-- Feedback after an event (issue 33, decisions 0357–0358): once an event has ended, each person
-- who went (going or checked in) gets one `feedback_requested` notification (in-app, emailed and
-- pushed like the others) and may answer 1–5 with an optional comment, once, changing it later.
-- The hosts read the results (count, average, distribution, comments); nobody else reads
-- another member's answer.

create table public.event_feedback (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  rating smallint not null constraint event_feedback_rating check (rating between 1 and 5),
  comment text constraint event_feedback_comment check (char_length(comment) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_feedback_user_idx on public.event_feedback (user_id);

alter table public.event_feedback enable row level security;
-- Members read their own answers; the event's hosts (admins among them) read all of them.
-- Writes go through answer_feedback, which checks who went and when.
create policy "members read their feedback, hosts all of it" on public.event_feedback for select to authenticated
  using (user_id = (select auth.uid()) or private.can_manage_event(event_id));
grant select on public.event_feedback to authenticated;
grant all on public.event_feedback to service_role;
select private.hold_to_full_session('public.event_feedback');

-- Saves (or changes) the caller's answer for an event that has ended and that they went to.
create function public.answer_feedback(event_id uuid, rating int, comment text default null) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events;
  words text := nullif(trim(answer_feedback.comment), '');
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into e from public.events where id = answer_feedback.event_id;
  if not found or not private.can_view_event(e.id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  if not exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = me
                 and (r.status = 'going' or r.checked_in_at is not null))
     or exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = me and m.status = 'banned') then
    perform private.raise_error('not_attendee', 'Only people who went to this event can give feedback.', 403);
  end if;
  if e.status <> 'published' or e.ends_at > now() then
    perform private.raise_error('event_not_over', 'Feedback opens once the event has ended.', 409);
  end if;
  if answer_feedback.rating is null or answer_feedback.rating not between 1 and 5 then
    perform private.raise_error('invalid_rating', 'Choose a rating from 1 to 5.');
  end if;
  if char_length(words) > 1000 then
    perform private.raise_error('invalid_comment', 'Keep the comment to 1,000 characters.');
  end if;
  insert into public.event_feedback as f (event_id, user_id, rating, comment)
  values (e.id, me, answer_feedback.rating, words)
  on conflict (event_id, user_id) do update
    set rating = excluded.rating, comment = excluded.comment, updated_at = now();
end
$$;
revoke all on function public.answer_feedback(uuid, int, text) from public, anon;
grant execute on function public.answer_feedback(uuid, int, text) to authenticated, service_role;
select private.guard_procedure('public.answer_feedback(uuid, int, text)', false);

-- The hosts' view: how many answered, the average, how many gave each rating, and the comments
-- with their authors' names, newest first.
create function public.event_feedback_results(event_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  out jsonb;
begin
  if not private.can_manage_event(event_feedback_results.event_id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can see its feedback.', 403);
  end if;
  select jsonb_build_object(
    'count', count(*),
    'average', round(avg(f.rating), 2),
    'distribution', jsonb_build_array(count(*) filter (where f.rating = 1), count(*) filter (where f.rating = 2),
                                      count(*) filter (where f.rating = 3), count(*) filter (where f.rating = 4),
                                      count(*) filter (where f.rating = 5)),
    'comments', coalesce(jsonb_agg(jsonb_build_object('rating', f.rating, 'comment', f.comment, 'display_name', p.display_name,
                                                      'updated_at', f.updated_at) order by f.updated_at desc)
                         filter (where f.comment is not null), '[]'::jsonb))
  into out
  from public.event_feedback f join public.profiles p on p.id = f.user_id
  where f.event_id = event_feedback_results.event_id;
  return out;
end
$$;
revoke all on function public.event_feedback_results(uuid) from public, anon;
grant execute on function public.event_feedback_results(uuid) to authenticated, service_role;
select private.guard_procedure('public.event_feedback_results(uuid)', true); -- a read: anonymous sign-ins hear not_host

-- One request per attendee and event, whatever runs twice or at the same time.
create table private.feedback_requests_sent (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
revoke all on private.feedback_requests_sent from public, anon, authenticated, service_role;

-- Events that ended in the last three days ask the people who went (not suspended, not banned
-- from the event's group; an event older than that,
-- e.g. when this first runs, asks nobody). Run every 15 minutes by pg_cron.
create function public.create_due_feedback_requests() returns int
language plpgsql security definer set search_path = '' as $$
declare
  made int;
begin
  with due as (
    select e.id as event_id, r.user_id, e.slug, e.title
    from public.events e
    join public.rsvps r on r.event_id = e.id and (r.status = 'going' or r.checked_in_at is not null)
    where e.status = 'published' and e.hidden_at is null
      and e.ends_at <= now() and e.ends_at > now() - interval '3 days'
      and not private.is_suspended(r.user_id)
      and not exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = r.user_id and m.status = 'banned')
  ), fresh as (
    insert into private.feedback_requests_sent (event_id, user_id)
    select event_id, user_id from due
    on conflict do nothing
    returning event_id, user_id
  ), made_notifications as (
    insert into public.notifications (user_id, kind, payload)
    select d.user_id, 'feedback_requested', jsonb_build_object('event_id', d.event_id, 'slug', d.slug, 'title', d.title)
    from fresh f join due d using (event_id, user_id)
    returning 1
  )
  select count(*) into made from made_notifications;
  return made;
end
$$;
revoke all on function public.create_due_feedback_requests() from public, anon, authenticated;
grant execute on function public.create_due_feedback_requests() to service_role;

select cron.schedule('gather-feedback-requests', '*/15 * * * *', 'select public.create_due_feedback_requests()');
