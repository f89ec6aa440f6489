-- The counts on Discover's cards and the group page (event_stats, embedded in both lists) asked
-- private.can_view_event(event_id) per row: 20 cards cost ~40 ms of an anonymous Discover read on
-- PGlite, 7× the same read without row-level security (issue 35 item 1, decision 0350).
--
-- The rule is unchanged — the counts of an event the caller may see — and now reads the event
-- through its own select policy (20261129350000: columns and sets, no call per row) by primary
-- key. That policy also lets the host see their event; can_view_event is asked only for the
-- caller's own events, so the host who may not see the event (none today: the host is on
-- event_hosts) still sees exactly what they saw. supabase/tests/events-visibility-sets.test.ts
-- compares it with the old policy.
alter policy "counts follow the event" on public.event_stats
  using (exists (select 1 from public.events e
                 where e.id = event_stats.event_id
                   and (e.host_id is distinct from (select auth.uid()) or (select private.can_view_event(e.id)))));
