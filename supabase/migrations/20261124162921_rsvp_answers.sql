-- Answers to registration questions, stored with the RSVP (decision 0130). A table of their own,
-- not a column on rsvps: signed-in members may read who is going, and answers (a phone number)
-- are for the attendee and the event's team only. Each answer keeps the question's label, kind
-- and place as they were when answered, so it stays readable when the question changes or goes.

create table public.rsvp_answers (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null,
  user_id uuid not null,
  question_id uuid references public.event_questions (id) on delete set null,
  position int not null,
  kind public.question_kind not null,
  label text not null,
  value jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (event_id, user_id) references public.rsvps (event_id, user_id) on delete cascade,
  constraint rsvp_answers_one_per_question unique (event_id, user_id, question_id)
);
create index rsvp_answers_user_idx on public.rsvp_answers (user_id);
create index rsvp_answers_question_idx on public.rsvp_answers (question_id);

create trigger rsvp_answers_updated_at before update on public.rsvp_answers
  for each row execute function private.set_updated_at();

-- Written only by rsvp() and save_rsvp_answers(); read by the attendee and the event's team
-- (hosts, co-hosts, checkers: those who see the guest list) and admins.
alter table public.rsvp_answers enable row level security;
create policy "attendees and the team read answers" on public.rsvp_answers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.can_check_in(event_id)));
grant select on public.rsvp_answers to authenticated;
-- Anon may ask (a guest list read may embed it) and, having no policy, always gets nothing.
grant select on public.rsvp_answers to anon;
grant all on public.rsvp_answers to service_role;
alter publication supabase_realtime add table public.rsvp_answers;

-- One answer, checked against its question and normalised; null when left empty (blank text,
-- no choice, an unticked box). Raises answer_invalid naming the question.
create function private.answer_value(q public.event_questions, v jsonb) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  t text := jsonb_typeof(v);
  s text := case when t = 'string' then btrim(v #>> '{}') end;
  picked text[];
  num numeric;
  longest int := case q.kind when 'short_text' then 200 else 2000 end;
begin
  if v is null or t = 'null' or s = '' or (t = 'array' and jsonb_array_length(v) = 0) or (q.kind = 'checkbox' and v = 'false') then
    return null;
  end if;
  case q.kind
  when 'short_text', 'long_text' then
    if s is null then
      perform private.raise_error('answer_invalid', format('The answer to "%s" is not valid.', q.label), 422, q.id::text);
    end if;
    if char_length(s) > longest then
      perform private.raise_error('answer_invalid', format('The answer to "%s" can be at most %s characters long.', q.label, longest), 422, q.id::text);
    end if;
    return to_jsonb(s);
  when 'single_choice', 'multiple_choice' then
    picked := case when s is not null then array[s]
                   when t = 'array' and q.kind = 'multiple_choice' and not exists (
                     select 1 from jsonb_array_elements(v) x where jsonb_typeof(x) <> 'string')
                   then array(select btrim(x) from jsonb_array_elements_text(v) x) end;
    if picked is null or not picked <@ q.options or (q.kind = 'single_choice' and cardinality(picked) <> 1) then
      perform private.raise_error('answer_invalid', format('Choose from the options offered for "%s".', q.label), 422, q.id::text);
    end if;
    if q.kind = 'single_choice' then
      return to_jsonb(picked[1]);
    end if;
    -- In the question's order, each once, whatever order they came in.
    return to_jsonb(array(select o from unnest(q.options) with ordinality u(o, n) where o = any (picked) order by n));
  when 'checkbox' then
    if v <> 'true' then
      perform private.raise_error('answer_invalid', format('The answer to "%s" is not valid.', q.label), 422, q.id::text);
    end if;
    return v;
  when 'number' then
    -- A JSON number, or digits with a decimal point or comma (as a phone keyboard types them).
    num := case when t = 'number' then v::text::numeric
                when s ~ '^[-+]?[0-9]{1,15}([.,][0-9]{1,10})?$' then replace(s, ',', '.')::numeric end;
    if num is null or abs(num) >= 1e15 then
      perform private.raise_error('answer_invalid', format('Enter a number for "%s".', q.label), 422, q.id::text);
    end if;
    return to_jsonb(num);
  else -- phone: digits with the usual separators, 6 to 15 digits (E.164's longest)
    if s is null or s !~ '^\+?[0-9 ().-]+$' or char_length(regexp_replace(s, '[^0-9]', '', 'g')) not between 6 and 15 then
      perform private.raise_error('answer_invalid', format('Enter a phone number for "%s", with 6 to 15 digits.', q.label), 422, q.id::text);
    end if;
    return to_jsonb(regexp_replace(s, '\s+', ' ', 'g'));
  end case;
end
$$;

-- The event's answers from `answers` ({question id: value}), checked in the questions' order:
-- answer_required for a required question left empty. Keys that are not a current question
-- of the event are ignored (a question removed while the form was open).
create function private.checked_answers(eid uuid, answers jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  q public.event_questions;
  v jsonb;
  result jsonb := '{}';
begin
  if answers is not null and jsonb_typeof(answers) <> 'object' then
    perform private.raise_error('answer_invalid', 'Answers are sent as an object keyed by question id.', 422);
  end if;
  for q in select * from public.event_questions where event_id = eid order by position, created_at loop
    v := private.answer_value(q, answers -> q.id::text);
    if v is null and q.required then
      perform private.raise_error('answer_required', format('Answer "%s".', q.label), 422, q.id::text);
    end if;
    result := result || jsonb_build_object(q.id::text, v);
  end loop;
  return result;
end
$$;

-- Stores checked answers for an RSVP: each current question's answer replaced, an emptied one
-- removed, answers to questions since removed kept as they were.
create function private.store_answers(eid uuid, uid uuid, checked jsonb) returns void
language sql security definer set search_path = '' as $$
  delete from public.rsvp_answers a
  using jsonb_each(checked) c
  where a.event_id = eid and a.user_id = uid and a.question_id = c.key::uuid and c.value = 'null';
  insert into public.rsvp_answers as a (event_id, user_id, question_id, position, kind, label, value)
  select eid, uid, q.id, q.position, q.kind, q.label, c.value
  from jsonb_each(checked) c join public.event_questions q on q.id = c.key::uuid
  where c.value <> 'null'
  on conflict (event_id, user_id, question_id) do update
    set position = excluded.position, kind = excluded.kind, label = excluded.label, value = excluded.value
    where (a.position, a.kind, a.label, a.value) is distinct from (excluded.position, excluded.kind, excluded.label, excluded.value);
$$;

revoke all on function private.answer_value(public.event_questions, jsonb), private.checked_answers(uuid, jsonb),
  private.store_answers(uuid, uuid, jsonb) from public, anon, authenticated;
