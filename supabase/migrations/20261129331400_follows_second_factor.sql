-- Follows hold a member's interests: like every table of the app, an account with a second
-- factor reads and changes them only at aal2, and anonymous sign-ins add nothing (decision 0262).
select private.hold_to_full_session('public.follows');
