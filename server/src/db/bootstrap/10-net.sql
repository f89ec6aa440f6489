-- pg_net's SQL surface (net.http_get / http_post / http_delete, net.http_request_queue,
-- net._http_response, …) where the real extension is absent. Requests are rows in the queue, so
-- they exist only once their transaction commits; `net.wake()` NOTIFYs the server's sender
-- (server/src/net), which Postgres delivers on commit only. See docs/decisions/0041.

do $bootstrap$
begin
  if _gather.real_extension('pg_net') then
    delete from _gather.emulated_extensions where name = 'pg_net';
    return;
  end if;

  create schema if not exists net;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'net' and t.typname = 'http_method') then
    create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'net' and t.typname = 'request_status') then
    create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'net' and t.typname = 'http_response') then
    create type net.http_response as (status_code integer, headers jsonb, body text);
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'net' and t.typname = 'http_response_result') then
    create type net.http_response_result as (status net.request_status, message text, response net.http_response);
  end if;

  create unlogged table if not exists net.http_request_queue (
    id bigserial,
    method net.http_method not null,
    url text not null,
    headers jsonb,
    body bytea,
    timeout_milliseconds int not null
  );
  create unlogged table if not exists net._http_response (
    id bigint,
    status_code integer,
    content_type text,
    headers jsonb,
    content text,
    timed_out bool,
    error_msg text,
    created timestamptz not null default now()
  );
  create index if not exists _http_response_created_idx on net._http_response (created);

  insert into _gather.emulated_extensions values ('pg_net', '0.20.4') on conflict (name) do nothing;
  perform _gather.stand_in_extension('pg_net', '0.20.4', 'net');
end
$bootstrap$;

do $functions$
begin
  if not exists (select 1 from _gather.emulated_extensions where name = 'pg_net') then
    return;
  end if;

  -- Percent-encodes everything but RFC 3986's unreserved characters, as curl_easy_escape does.
  create or replace function net._urlencode_string(string varchar) returns text
  language sql immutable as $f$
    select coalesce(string_agg(
      case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
        then chr(b) else '%' || upper(lpad(to_hex(b), 2, '0')) end, '' order by i), '')
    from (select get_byte(convert_to(string, 'UTF8'), i) as b, i
          from generate_series(0, octet_length(convert_to(string, 'UTF8')) - 1) as i) bytes
  $f$;

  create or replace function net._encode_url_with_params_array(url text, params_array text[]) returns text
  language sql immutable as $f$
    select case when coalesce(array_length(params_array, 1), 0) = 0 then url
      else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&') end
  $f$;

  -- The sender is the server itself: it is up whenever the server is.
  create or replace function net.check_worker_is_up() returns void language sql as $f$ select $f$;
  create or replace function net.worker_restart() returns boolean language sql as $f$ select true $f$;
  create or replace function net.wait_until_running() returns void language sql as $f$ select $f$;
  create or replace function net.wake() returns void language sql as $f$ select pg_notify('gather_net', '') $f$;

  create or replace function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
      timeout_milliseconds int default 5000) returns bigint
  language plpgsql as $f$
  declare
    request_id bigint;
    params_array text[];
  begin
    select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      into params_array from jsonb_each_text(params);
    insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
    values ('GET', net._encode_url_with_params_array(url, params_array), headers, timeout_milliseconds)
    returning id into request_id;
    perform net.wake();
    return request_id;
  end
  $f$;

  create or replace function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds int default 5000) returns bigint
  language plpgsql as $f$
  declare
    request_id bigint;
    params_array text[];
    content_type text;
  begin
    select header_value into content_type
      from jsonb_each_text(coalesce(headers, '{}'::jsonb)) r(header_name, header_value)
      where lower(header_name) = 'content-type' limit 1;
    if content_type is null then
      select headers || '{"Content-Type": "application/json"}'::jsonb into headers;
    end if;
    if content_type <> 'application/json' then
      raise exception 'Content-Type header must be "application/json"';
    end if;
    select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      into params_array from jsonb_each_text(params);
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    values ('POST', net._encode_url_with_params_array(url, params_array), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
    returning id into request_id;
    perform net.wake();
    return request_id;
  end
  $f$;

  create or replace function net.http_delete(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
      timeout_milliseconds int default 5000, body jsonb default null) returns bigint
  language plpgsql as $f$
  declare
    request_id bigint;
    params_array text[];
  begin
    select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      into params_array from jsonb_each_text(params);
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    values ('DELETE', net._encode_url_with_params_array(url, params_array), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
    returning id into request_id;
    perform net.wake();
    return request_id;
  end
  $f$;

  -- Polls for the response. On PGlite (one connection) the sender cannot record a response while
  -- this waits, so waiting there is refused instead of hanging.
  create or replace function net._await_response(request_id bigint) returns boolean
  language plpgsql as $f$
  begin
    if version() like '%PGlite%' then
      raise exception 'net._await_response cannot wait on PGlite: read net._http_response after the transaction instead';
    end if;
    while not exists (select 1 from net._http_response where id = request_id) loop
      perform pg_sleep(0.05);
    end loop;
    return true;
  end
  $f$;

  create or replace function net._http_collect_response(request_id bigint, async boolean default true) returns net.http_response_result
  language plpgsql as $f$
  declare
    rec net._http_response;
  begin
    if not async then
      perform net._await_response(request_id);
    end if;
    select * into rec from net._http_response where id = request_id;
    if rec is null or rec.error_msg is not null then
      return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
    end if;
    return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
  end
  $f$;

  create or replace function net.http_collect_response(request_id bigint, async boolean default true) returns net.http_response_result
  language plpgsql as $f$
  begin
    raise notice 'The net.http_collect_response function is deprecated.';
    return net._http_collect_response(request_id, async);
  end
  $f$;
end
$functions$;

-- As pg_net itself and Supabase grant it: the API roles may use the schema, so a trigger fired
-- by a user's write can queue a request (database webhooks); REST never exposes `net`.
do $grants$
begin
  if exists (select 1 from _gather.emulated_extensions where name = 'pg_net') then
    grant usage on schema net to anon, authenticated, service_role;
    grant all on all tables in schema net to public;
    grant all on all sequences in schema net to public;
  end if;
end
$grants$;
