-- Live updates: RSVPs (hosts' guest lists, a member's own), comments, notifications, and the
-- counters anyone who may see an event can subscribe to. Row-level security decides per
-- subscriber what arrives.
alter publication supabase_realtime add table public.rsvps, public.comments, public.notifications, public.event_stats;
