-- Registration questions (decision 0130): up to 10 per event, asked when people RSVP, written by
-- the event's team (hosts and co-hosts, group organizers, admins) and read by anyone who may see
-- the event (the RSVP panel asks them).

create type public.question_kind as enum
  ('short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox', 'number', 'phone');

create table public.event_questions (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  position int not null default 0, -- 0: the trigger puts it last
  kind public.question_kind not null,
  label text not null,
  required boolean not null default false,
  options text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index event_questions_event_idx on public.event_questions (event_id, position);

create trigger event_questions_updated_at before update on public.event_questions
  for each row execute function private.set_updated_at();

-- What a question may be, in the catalogue's words; a new question goes last unless placed.
-- Security definer: it counts the event's questions whoever the writer is.
create function private.question_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.event_id <> old.event_id then
    perform private.raise_error('invalid_question', 'A question stays with its event.');
  end if;
  new.label := btrim(coalesce(new.label, ''));
  if char_length(new.label) not between 1 and 200 then
    perform private.raise_error('invalid_question', 'A question must be 1 to 200 characters long.');
  end if;
  if new.kind in ('single_choice', 'multiple_choice') then
    -- Options are trimmed; empty ones dropped, so an editor's blank last line does no harm.
    new.options := array(select btrim(o) from unnest(new.options) with ordinality as u(o, n)
                         where btrim(coalesce(o, '')) <> '' order by n);
    if cardinality(new.options) not between 2 and 20
       or (select count(distinct o) from unnest(new.options) o) <> cardinality(new.options)
       or exists (select 1 from unnest(new.options) o where char_length(o) > 100) then
      perform private.raise_error('invalid_question', 'A choice question needs 2 to 20 different options of at most 100 characters.');
    end if;
  elsif coalesce(cardinality(new.options), 0) > 0 then
    perform private.raise_error('invalid_question', 'Only choice questions have options.');
  else
    new.options := null;
  end if;
  if tg_op = 'INSERT' then
    perform 1 from public.events where id = new.event_id for update;
    if (select count(*) from public.event_questions where event_id = new.event_id) >= 10 then
      perform private.raise_error('too_many_questions', 'An event can have at most 10 questions.', 409);
    end if;
    if new.position is null or new.position < 1 then
      select coalesce(max(position), 0) + 1 into new.position from public.event_questions where event_id = new.event_id;
    end if;
  end if;
  return new;
end
$$;
create trigger event_questions_rules before insert or update on public.event_questions
  for each row execute function private.question_rules();

alter table public.event_questions enable row level security;
create policy "questions follow the event" on public.event_questions for select to anon, authenticated
  using ((select private.can_view_event(event_id)));
create policy "the team adds questions" on public.event_questions for insert to authenticated
  with check ((select private.can_manage_event(event_id)));
create policy "the team edits questions" on public.event_questions for update to authenticated
  using ((select private.can_manage_event(event_id))) with check ((select private.can_manage_event(event_id)));
create policy "the team removes questions" on public.event_questions for delete to authenticated
  using ((select private.can_manage_event(event_id)));

grant select on public.event_questions to anon, authenticated;
grant insert (id, event_id, position, kind, label, required, options), delete on public.event_questions to authenticated;
grant update (position, kind, label, required, options) on public.event_questions to authenticated;
grant all on public.event_questions to service_role;

-- Puts the event's questions in the order given (every question once), as positions 1..n.
create function public.reorder_event_questions(event_id uuid, question_ids uuid[]) returns setof public.event_questions
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(reorder_event_questions.event_id);
begin
  if not private.can_manage_event(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if coalesce(cardinality(question_ids), 0) <> (select count(*) from public.event_questions q where q.event_id = e.id)
     or (select count(distinct x) from unnest(question_ids) x) <> cardinality(question_ids)
     or exists (select 1 from unnest(question_ids) x
                where not exists (select 1 from public.event_questions q where q.id = x and q.event_id = e.id)) then
    perform private.raise_error('invalid_question_order', 'List each of the event''s questions once.');
  end if;
  update public.event_questions q set position = u.n
    from unnest(question_ids) with ordinality as u(id, n)
    where q.id = u.id and q.position is distinct from u.n::int;
  return query select * from public.event_questions q where q.event_id = e.id order by q.position;
end
$$;

revoke all on function public.reorder_event_questions(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_event_questions(uuid, uuid[]) to authenticated, service_role;
revoke all on function private.question_rules() from public, anon, authenticated;
