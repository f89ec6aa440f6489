-- Communities (issue 15): the types groups use, and the values groups add to existing types.
-- Alone in this file because a value added to an enum cannot be used in the transaction that
-- adds it (PostgreSQL and PGlite alike), and every migration runs in a transaction of its own.

create type public.group_role as enum ('organizer', 'co_organizer', 'event_organizer', 'member');
create type public.group_member_status as enum ('active', 'pending', 'banned');
create type public.group_visibility as enum ('public', 'private');
create type public.group_join_policy as enum ('open', 'approval');
-- A member's choice of new-event alerts for one group: every new event, or none.
create type public.group_alerts as enum ('all', 'none');

-- Events visible to, and RSVP-able by, the members of their group only.
alter type public.event_visibility add value if not exists 'members';
-- Groups are reported like events and comments.
alter type public.report_target add value if not exists 'group';
