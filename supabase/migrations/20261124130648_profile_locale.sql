-- Each member's language (issue 20, decisions 0202 and 0205): the app shows it, and Gather's and
-- Auth's emails and calendar files are written in it. Null means "not chosen": the app follows the
-- browser, emails are in English.
alter table public.profiles add column locale text
  constraint profiles_locale_supported check (locale in ('en', 'fr', 'de', 'es', 'pt-BR'));

grant update (locale) on public.profiles to authenticated;

-- A new member's language comes with sign-up: the app passes the language it was showing as
-- `data.locale` (user metadata), which Auth's confirmation email already used.
create function private.profile_locale_from_signup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.locale is null then
    select u.raw_user_meta_data ->> 'locale' into new.locale
    from auth.users u
    where u.id = new.id and u.raw_user_meta_data ->> 'locale' in ('en', 'fr', 'de', 'es', 'pt-BR');
  end if;
  return new;
end
$$;

create trigger profiles_locale_from_signup before insert on public.profiles
  for each row execute function private.profile_locale_from_signup();

-- Auth's own emails (password reset, email change, magic link) read the language where Supabase's
-- templates can reach it, the user's metadata ({{ .Data.locale }}): keep it equal to the profile's.
create function private.profile_locale_to_auth() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update auth.users u
  set raw_user_meta_data = case
    when new.locale is null then coalesce(u.raw_user_meta_data, '{}'::jsonb) - 'locale'
    else coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale)
  end
  where u.id = new.id;
  return null;
end
$$;

create trigger profiles_locale_to_auth after update of locale on public.profiles
  for each row when (new.locale is distinct from old.locale) execute function private.profile_locale_to_auth();

-- notify's view of one notification gains the recipient's language.
create or replace function public.notification_email(notification_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at,
    'emailed_at', n.emailed_at, 'email_status', n.email_status,
    'email', u.email, 'display_name', p.display_name, 'locale', coalesce(p.locale, 'en'),
    'preferences', coalesce(to_jsonb(np) - 'user_id' - 'updated_at', '{}'::jsonb),
    'event', (select jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status,
                                        'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone,
                                        'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online,
                                        'cancel_reason', e.cancel_reason)
              from public.events e where e.id = private.try_uuid(n.payload ->> 'event_id')),
    'actor', (select jsonb_build_object('display_name', a.display_name, 'username', a.username)
              from public.profiles a where a.id = private.try_uuid(n.payload ->> 'user_id')))
  from public.notifications n
  join public.profiles p on p.id = n.user_id
  left join auth.users u on u.id = n.user_id
  left join public.notification_preferences np on np.user_id = n.user_id
  where n.id = notification_email.notification_id
$$;
