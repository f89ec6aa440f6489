-- The RRULE subset Gather repeats by (decision 0121), read and expanded in SQL.
--   FREQ=WEEKLY;INTERVAL=n;BYDAY=MO,TH          weekly on chosen weekdays, every n weeks
--   FREQ=MONTHLY;INTERVAL=n;BYMONTHDAY=31       a day of the month (-1 = the last day)
--   FREQ=MONTHLY;BYDAY=1TH | -1FR               the nth / last weekday of the month
--   and exactly one of UNTIL=YYYYMMDD[THHMMSS[Z]] or COUNT=n. WKST=MO is accepted (the default).
-- As RFC 5545 says, the first event (DTSTART) is always the first occurrence and counts toward
-- COUNT, and a month without the 31st or a 5th Thursday is skipped, not moved.

create function private.invalid_rrule(why text) returns void
language plpgsql as $$
begin
  perform private.raise_error('invalid_rrule',
    'Repeat weekly on chosen days or monthly on a day or weekday, and end on a date or after a number of dates.',
    400, why);
end
$$;

-- The rule as JSON: {freq, interval, byday: [{n, wd}], bymonthday: [..], until, count, rule}
-- (`rule` normalised: upper case, no "RRULE:" prefix). UNTIL without Z is wall-clock in `tz`;
-- a date alone means the end of that day there.
create function private.parse_rrule(rule text, tz text) returns jsonb
language plpgsql stable as $$
declare
  clean text := regexp_replace(upper(coalesce(rule, '')), '\s', '', 'g');
  part text;
  key text;
  val text;
  item text;
  m text[];
  freq text;
  step int := 1;
  byday jsonb := '[]';
  bymonthday jsonb := '[]';
  until_at timestamptz;
  cnt int;
  days constant text[] := array['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
begin
  if clean like 'RRULE:%' then
    clean := substr(clean, 7);
  end if;
  if clean = '' then
    perform private.invalid_rrule('empty rule');
  end if;
  foreach part in array string_to_array(clean, ';') loop
    key := split_part(part, '=', 1);
    val := substr(part, length(key) + 2);
    if position('=' in part) = 0 or val = '' then
      perform private.invalid_rrule('malformed part ' || part);
    end if;
    case key
      when 'FREQ' then
        if val not in ('WEEKLY', 'MONTHLY') then perform private.invalid_rrule('FREQ must be WEEKLY or MONTHLY'); end if;
        freq := val;
      when 'INTERVAL' then
        if val !~ '^[0-9]{1,2}$' or val::int < 1 then perform private.invalid_rrule('INTERVAL must be 1 to 99'); end if;
        step := val::int;
      when 'BYDAY' then
        foreach item in array string_to_array(val, ',') loop
          m := regexp_match(item, '^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$');
          if m is null then perform private.invalid_rrule('BYDAY ' || item); end if;
          byday := byday || jsonb_build_object('n', m[1]::int, 'wd', array_position(days, m[2]));
        end loop;
      when 'BYMONTHDAY' then
        foreach item in array string_to_array(val, ',') loop
          if item !~ '^[+-]?[0-9]{1,2}$' or item::int = 0 or abs(item::int) > 31 then
            perform private.invalid_rrule('BYMONTHDAY ' || item);
          end if;
          bymonthday := bymonthday || to_jsonb(item::int);
        end loop;
      when 'UNTIL' then
        m := regexp_match(val, '^([0-9]{4})([0-9]{2})([0-9]{2})(T([0-9]{2})([0-9]{2})([0-9]{2})(Z)?)?$');
        if m is null then perform private.invalid_rrule('UNTIL ' || val); end if;
        begin
          until_at := case
            when m[4] is null then (make_date(m[1]::int, m[2]::int, m[3]::int) + 1)::timestamp at time zone tz - interval '1 microsecond'
            when m[8] is null then make_timestamp(m[1]::int, m[2]::int, m[3]::int, m[5]::int, m[6]::int, m[7]::int) at time zone tz
            else make_timestamp(m[1]::int, m[2]::int, m[3]::int, m[5]::int, m[6]::int, m[7]::int) at time zone 'UTC' end;
        exception when others then
          perform private.invalid_rrule('UNTIL ' || val);
        end;
      when 'COUNT' then
        if val !~ '^[0-9]{1,4}$' then perform private.invalid_rrule('COUNT ' || val); end if;
        cnt := val::int;
      when 'WKST' then
        if val <> 'MO' then perform private.invalid_rrule('WKST must be MO'); end if;
      else
        perform private.invalid_rrule('unsupported part ' || key);
    end case;
  end loop;
  if freq is null then
    perform private.invalid_rrule('FREQ is required');
  end if;
  if (until_at is null) = (cnt is null) then
    perform private.invalid_rrule('exactly one of UNTIL and COUNT');
  end if;
  if freq = 'WEEKLY' and (jsonb_array_length(bymonthday) > 0 or jsonb_path_exists(byday, '$[*] ? (@.n != null)')) then
    perform private.invalid_rrule('a weekly rule takes BYDAY weekdays without ordinals');
  end if;
  if freq = 'MONTHLY' and (jsonb_array_length(bymonthday) > 0 and jsonb_array_length(byday) > 0
                           or jsonb_path_exists(byday, '$[*] ? (@.n == null)')) then
    perform private.invalid_rrule('a monthly rule takes BYMONTHDAY or BYDAY with an ordinal (1TH, -1FR)');
  end if;
  if cnt is not null and cnt > 52 then
    perform private.raise_error('series_too_long', 'A series can have at most 52 dates, within two years.');
  end if;
  return jsonb_build_object('freq', freq, 'interval', step, 'byday', byday, 'bymonthday', bymonthday,
                            'until', until_at, 'count', cnt, 'rule', clean);
end
$$;

-- The dates one period (a week or a month starting at `base`) holds, in order.
create function private.rrule_period_dates(p jsonb, base date, anchor date) returns date[]
language sql immutable as $$
  with month (first_day, last_day) as (
    select base, (base + interval '1 month')::date - 1
  ), candidates (d) as (
    -- weekly: the chosen weekdays of the week, or the first event's weekday
    select base + (coalesce((b ->> 'wd')::int, extract(isodow from anchor)::int) - 1)
    from (select b from jsonb_array_elements(p -> 'byday') b union all
          select null where jsonb_array_length(p -> 'byday') = 0) days
    where p ->> 'freq' = 'WEEKLY'
    union all
    -- monthly on days of the month (negative: from the end), or the first event's day
    select case when v > 0 then first_day + v - 1 else last_day + v + 1 end
    from month, (select value::int as v from jsonb_array_elements_text(p -> 'bymonthday') union all
                 select extract(day from anchor)::int
                 where jsonb_array_length(p -> 'bymonthday') = 0 and jsonb_array_length(p -> 'byday') = 0) mdays
    where p ->> 'freq' = 'MONTHLY'
    union all
    -- monthly on the nth weekday (negative: counted from the end)
    select case when n > 0 then first_day + ((wd - extract(isodow from first_day)::int + 7) % 7) + 7 * (n - 1)
                else last_day - ((extract(isodow from last_day)::int - wd + 7) % 7) + 7 * (n + 1) end
    from month, (select (b ->> 'n')::int as n, (b ->> 'wd')::int as wd from jsonb_array_elements(p -> 'byday') b) bd
    where p ->> 'freq' = 'MONTHLY'
  )
  -- A day the month does not have (the 31st of April, a 5th Thursday) falls outside it: skipped.
  select coalesce(array_agg(distinct d order by d), '{}') from candidates, month
  where p ->> 'freq' = 'WEEKLY' or d between first_day and last_day
$$;

-- The occurrences of a rule from its first event's wall-clock start, in order, at most `lim`:
-- position n, wall-clock start, and the instant it is in `tz` (19:00 stays 19:00 across DST).
create function private.series_starts(p jsonb, dtstart timestamp, tz text, lim int)
returns table (n int, local_start timestamp, starts_at timestamptz)
language plpgsql stable as $$
declare
  first_date date := dtstart::date;
  time_of_day interval := dtstart - dtstart::date;
  step int := (p ->> 'interval')::int;
  until_at timestamptz := (p ->> 'until')::timestamptz;
  cap int := least(coalesce((p ->> 'count')::int, lim), lim);
  period int := 0;
  base date;
  d date;
begin
  n := 1;
  local_start := dtstart;
  starts_at := dtstart at time zone tz;
  return next;
  <<periods>>
  loop
    base := case when p ->> 'freq' = 'WEEKLY'
      then date_trunc('week', first_date)::date + 7 * step * period
      else (date_trunc('month', first_date) + make_interval(months => step * period))::date end;
    -- A rule that ends no sooner than three years on would be refused anyway (two years ahead).
    exit periods when n >= cap or base > first_date + interval '3 years'
      or (until_at is not null and base::timestamp at time zone tz > until_at);
    foreach d in array private.rrule_period_dates(p, base, first_date) loop
      continue when d <= first_date;
      local_start := d + time_of_day;
      starts_at := local_start at time zone tz;
      exit periods when until_at is not null and starts_at > until_at;
      n := n + 1;
      return next;
      exit periods when n >= cap;
    end loop;
    period := period + 1;
  end loop;
end
$$;

-- The rule with its end replaced (`UNTIL=…` or `COUNT=…`), for splitting a series.
create function private.rrule_with_end(rule text, new_end text) returns text
language sql immutable as $$
  select coalesce(string_agg(part, ';' order by i) || ';', '') || new_end
  from unnest(string_to_array(regexp_replace(upper(rule), '^RRULE:', ''), ';')) with ordinality as t(part, i)
  where part !~ '^(UNTIL|COUNT)='
$$;
