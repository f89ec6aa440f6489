-- A question's id is the database's to choose, like every other server-owned column (decision
-- 0096): members insert questions without it. The guard in supabase/tests/server-owned-columns
-- found the column insertable by authenticated.
revoke insert (id) on public.event_questions from authenticated;
