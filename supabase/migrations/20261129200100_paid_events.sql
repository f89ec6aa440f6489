-- What an event says about money (issue 31, decision 0280): its currency (ISO 4217, one of
-- public.currencies), its refund policy, and how long a waitlist offer for a sold-out paid event
-- stays open. Hosts set them with the rest of the event; the currency is fixed once an order exists.

create type public.refund_policy as enum ('none', 'until');

alter table public.events
  add column currency text not null default private.default_currency() references public.currencies (code),
  -- 'until': buyers may ask for a refund until `refund_days_before` days before the start.
  add column refund_policy public.refund_policy not null default 'none',
  add column refund_days_before int not null default 0
    constraint events_refund_days check (refund_days_before between 0 and 365),
  add column ticket_offer_hours int not null default 12
    constraint events_ticket_offer_hours check (ticket_offer_hours between 1 and 168);

grant update (currency, refund_policy, refund_days_before, ticket_offer_hours) on public.events to authenticated;

create function private.validate_event_money() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.currency := upper(btrim(coalesce(new.currency, '')));
  if not exists (select 1 from public.currencies where code = new.currency) then
    perform private.raise_error('invalid_currency', 'Choose a currency from the list.');
  end if;
  if new.refund_days_before is null or new.refund_days_before not between 0 and 365 then
    perform private.raise_error('invalid_refund_policy', 'Refunds can be offered until 0 to 365 days before the start.');
  end if;
  if new.ticket_offer_hours is null or new.ticket_offer_hours not between 1 and 168 then
    perform private.raise_error('invalid_offer_hours', 'A waitlist offer stays open 1 to 168 hours.');
  end if;
  if tg_op = 'UPDATE' and new.currency <> old.currency then
    if exists (select 1 from public.orders o where o.event_id = new.id) then
      perform private.raise_error('currency_locked', 'The currency cannot change once tickets have been ordered.', 409);
    end if;
    if exists (select 1 from public.ticket_types t join public.currencies c on c.code = new.currency
               where t.event_id = new.id and c.exponent = 3 and t.price % 10 <> 0) then
      perform private.raise_error('invalid_price', 'Prices in this currency must be multiples of 10 in its smallest unit.');
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.validate_event_money() from public, anon, authenticated;
create trigger events_money before insert or update of currency, refund_policy, refund_days_before, ticket_offer_hours
  on public.events for each row execute function private.validate_event_money();
