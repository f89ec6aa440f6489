-- Paid series (issue 31, decision 0280): every date of a series is an event, so each date sells
-- its own tickets from its own stock. A new date copies the previous date's money settings, its
-- ticket types (none sold; sales windows moved with the date) and its promo codes (uses counted
-- per date), with the team, link and questions as before.

-- As in 20261124231030, plus the money: currency, refund policy, offer hours, ticket types and
-- promo codes; questions keep whether they are asked per order or per ticket.
create or replace function private.copy_occurrence_extras(src uuid, dst uuid, online_url text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  shift interval := (select d.starts_at - s.starts_at from public.events s, public.events d where s.id = src and d.id = dst);
begin
  insert into public.event_hosts (event_id, user_id, role)
  select dst, h.user_id, h.role from public.event_hosts h where h.event_id = src and h.role <> 'host'
  on conflict do nothing;
  if online_url is not null then
    insert into public.event_online_links (event_id, url) values (dst, online_url)
    on conflict (event_id) do update set url = excluded.url;
  end if;
  if not exists (select 1 from public.event_questions where event_id = dst) then
    insert into public.event_questions (event_id, position, kind, label, required, options, lineage_id, asked_per)
    select dst, q.position, q.kind, q.label, q.required, q.options, q.lineage_id, q.asked_per
    from public.event_questions q where q.event_id = src order by q.position;
  end if;
  update public.events d set currency = s.currency, refund_policy = s.refund_policy, refund_days_before = s.refund_days_before,
    ticket_offer_hours = s.ticket_offer_hours
  from public.events s where s.id = src and d.id = dst
    and (d.currency, d.refund_policy, d.refund_days_before, d.ticket_offer_hours)
        is distinct from (s.currency, s.refund_policy, s.refund_days_before, s.ticket_offer_hours);
  if not exists (select 1 from public.ticket_types where event_id = dst) then
    insert into public.ticket_types (event_id, name, description, price, quantity, sales_start_at, sales_end_at,
                                     min_per_order, max_per_order, hidden, access_code, sort_order)
    select dst, t.name, t.description, t.price, t.quantity, t.sales_start_at + shift, t.sales_end_at + shift,
           t.min_per_order, t.max_per_order, t.hidden, t.access_code, t.sort_order
    from public.ticket_types t where t.event_id = src order by t.sort_order;
    insert into public.promo_codes (event_id, code, percent_off, amount_off, ticket_type_ids, max_uses, expires_at)
    select dst, p.code, p.percent_off, p.amount_off,
           case when p.ticket_type_ids is null then null else array(
             select d.id from public.ticket_types s join public.ticket_types d on d.event_id = dst and d.name = s.name
             where s.id = any (p.ticket_type_ids)) end,
           p.max_uses, p.expires_at + shift
    from public.promo_codes p where p.event_id = src;
  end if;
end
$$;
revoke all on function private.copy_occurrence_extras(uuid, uuid, text) from public, anon, authenticated;
