-- The profile rules of product point 5, raised with the words the settings form shows (decision
-- 0006's convention). The CHECK constraints stay as the safety net; the unique index still
-- catches two members taking the same name at the same instant.
create function private.validate_profile() returns trigger
language plpgsql as $$
begin
  if new.username is null or new.username !~ '^[a-z0-9_]{3,30}$' then
    perform private.raise_error('invalid_username', 'A username is 3 to 30 characters: lowercase letters, digits and _.');
  end if;
  if (tg_op = 'INSERT' or new.username is distinct from old.username)
     and exists (select 1 from public.profiles p where p.username = new.username and p.id <> new.id) then
    perform private.raise_error('username_taken', 'That username is taken. Try another.', 409);
  end if;
  if char_length(coalesce(new.display_name, '')) = 0 then
    perform private.raise_error('invalid_display_name', 'Enter your name.');
  end if;
  if char_length(new.display_name) > 60 then
    perform private.raise_error('invalid_display_name', 'Your name can be at most 60 characters.');
  end if;
  if char_length(coalesce(new.bio, '')) > 300 then
    perform private.raise_error('invalid_bio', 'Your bio can be at most 300 characters.');
  end if;
  return new;
end
$$;

create trigger profiles_validate before insert or update on public.profiles
  for each row execute function private.validate_profile();
