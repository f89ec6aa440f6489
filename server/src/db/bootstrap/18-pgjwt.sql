-- pgjwt's API (url_encode, url_decode, algorithm_sign, sign, try_cast_double, verify), written
-- for this server over pgcrypto's hmac(). Supabase's Postgres 15 images create pgjwt in
-- `extensions`, so projects call `sign(json, text)` unqualified; here it is created there too, once
-- (a project that drops it keeps it dropped). PGlite: a real extension, its control file and script
-- written into PGlite's in-memory share folder at every start, so `create extension pgjwt`,
-- `drop extension pgjwt` and `with schema …` behave as on Supabase. PostgreSQL: the real pgjwt
-- where the server has it, else these functions in `extensions` and a catalog entry as for pg_net.
-- Decision 0275.

-- `@extschema@` is the extension's schema (Postgres fills it in on PGlite; replaced here on
-- PostgreSQL), `@pgcrypto@` pgcrypto's schema (replaced here, both drivers). No backslash, tab or
-- carriage return: the script is written to PGlite's share folder line by line with COPY.
create or replace function _gather.pgjwt_script() returns text language sql immutable as $script$ select $body$
-- JSON Web Tokens signed with HMAC (HS256, HS384, HS512), pgjwt's API, provided by Gather's server.

-- base64url without padding (RFC 7515, section 2).
create or replace function @extschema@.url_encode(data bytea) returns text
language sql immutable strict as $f$
  select translate(rtrim(encode(data, 'base64'), '='), '+/' || chr(10), '-_')
$f$;

create or replace function @extschema@.url_decode(data text) returns bytea
language sql immutable strict as $f$
  select decode(rpad(translate(data, '-_', '+/'), (length(data) + 3) / 4 * 4, '='), 'base64')
$f$;

-- The signature of `signables` (header.payload) under `algorithm`, base64url-encoded.
create or replace function @extschema@.algorithm_sign(signables text, secret text, algorithm text) returns text
language plpgsql immutable as $f$
declare
  hash text := case algorithm when 'HS256' then 'sha256' when 'HS384' then 'sha384' when 'HS512' then 'sha512' end;
begin
  if hash is null then
    raise exception 'unsupported JWT algorithm "%"', algorithm
      using errcode = '22023', hint = 'pgjwt signs with HS256, HS384 or HS512.';
  end if;
  return @extschema@.url_encode(@pgcrypto@.hmac(signables, secret, hash));
end
$f$;

create or replace function @extschema@.sign(payload json, secret text, algorithm text default 'HS256') returns text
language sql immutable as $f$
  select signables || '.' || @extschema@.algorithm_sign(signables, secret, algorithm)
  from (select @extschema@.url_encode(convert_to('{"alg":"' || algorithm || '","typ":"JWT"}', 'utf8'))
          || '.' || @extschema@.url_encode(convert_to(payload::text, 'utf8')) as signables) token
$f$;

-- A number, or null when the text is not one (a claim such as exp given as a string).
create or replace function @extschema@.try_cast_double(inp text) returns double precision
language plpgsql immutable as $f$
begin
  return inp::double precision;
exception when invalid_text_representation then
  return null;
end
$f$;

-- Header and payload as JSON; valid when the signature matches and now is within the token's
-- nbf (inclusive) and exp (exclusive), each when present.
create or replace function @extschema@.verify(token text, secret text, algorithm text default 'HS256')
returns table (header json, payload json, valid boolean)
language sql stable as $f$
  select parts.head, parts.body,
    parts.signature = @extschema@.algorithm_sign(parts.signed, secret, algorithm)
      and coalesce(to_timestamp(@extschema@.try_cast_double(parts.body ->> 'nbf')) <= now(), true)
      and coalesce(now() < to_timestamp(@extschema@.try_cast_double(parts.body ->> 'exp')), true)
  from (
    select convert_from(@extschema@.url_decode(split_part(token, '.', 1)), 'utf8')::json as head,
      convert_from(@extschema@.url_decode(split_part(token, '.', 2)), 'utf8')::json as body,
      split_part(token, '.', 1) || '.' || split_part(token, '.', 2) as signed,
      split_part(token, '.', 3) as signature
  ) parts
$f$;
$body$ $script$;
revoke all on function _gather.pgjwt_script() from public;

-- Called here and at every PGlite start (bootstrap.ts): on PGlite the share folder's files are
-- written again; nothing in the catalog changes after the first call.
create or replace function _gather.install_pgjwt() returns void language plpgsql as $pgjwt$
declare
  crypto text := coalesce(
    (select quote_ident(n.nspname) from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto'),
    'extensions');
  script text := replace(_gather.pgjwt_script(), '@pgcrypto@', crypto);
  provided boolean := exists (select 1 from _gather.emulated_extensions where name = 'pgjwt');
  dir text;
begin
  if strpos(script, chr(92)) > 0 or strpos(script, chr(9)) > 0 or strpos(script, chr(13)) > 0 then
    raise exception 'pgjwt script: no backslash, tab or carriage return (it is written with COPY)';
  end if;

  if version() like '%PGlite%' then
    select setting || '/extension/' into dir from pg_config where name = 'SHAREDIR';
    execute format($f$copy (select unnest(%L::text[])) to %L$f$, array[
      'comment = ''JSON Web Token API (pgjwt), provided by the Gather server''',
      'default_version = ''0.2.0''', 'relocatable = false', 'requires = ''pgcrypto''', 'superuser = false'],
      dir || 'pgjwt.control');
    execute format($f$copy (select regexp_split_to_table(%L, chr(10))) to %L$f$, script, dir || 'pgjwt--0.2.0.sql');
    if not provided then
      create extension if not exists pgjwt with schema extensions;
      insert into _gather.emulated_extensions values ('pgjwt', '0.2.0');
    end if;
    return;
  end if;

  -- PostgreSQL: a pgjwt the server installed (or that the project created) is left alone.
  if not provided and exists (select 1 from pg_extension where extname = 'pgjwt') then
    return;
  end if;
  if not provided and exists (select 1 from pg_available_extensions where name = 'pgjwt') then
    begin
      create extension if not exists pgjwt with schema extensions;
      return;
    exception when others then
      raise notice 'pgjwt is installed on this server but could not be created (%); the server''s own is used', sqlerrm;
    end;
  end if;

  execute replace(script, '@extschema@', 'extensions');
  insert into _gather.emulated_extensions values ('pgjwt', '0.2.0') on conflict (name) do nothing;
  if not exists (select 1 from pg_extension where extname = 'pgjwt') then
    begin
      -- A catalog entry so `create extension if not exists pgjwt` is a no-op (superuser only). Its
      -- oid is url_encode's: pg_proc and pg_extension oids come from one counter, so it is unused
      -- among extensions.
      insert into pg_catalog.pg_extension (oid, extname, extowner, extnamespace, extrelocatable, extversion)
      select 'extensions.url_encode(bytea)'::regprocedure::oid, 'pgjwt',
        (select oid from pg_roles where rolname = current_user), 'extensions'::regnamespace, false, '0.2.0';
    exception when others then
      raise notice 'create extension pgjwt will need the real extension: %', sqlerrm;
    end;
  end if;
end
$pgjwt$;
revoke all on function _gather.install_pgjwt() from public;

select _gather.install_pgjwt();
