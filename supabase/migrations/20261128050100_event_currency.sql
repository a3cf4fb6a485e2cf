-- Event currency (issue 21).
--
-- Every event has a currency (`events.currency`, ISO 4217, one of those the app knows, all with
-- cents): its expenses, balances, settlements, the settle-up plan and the exports are in it. It is
-- chosen when the event is created; left out, it is the creator's last event's currency, else CHF.
-- It can be changed only while the event has no expenses or payments (the amounts already entered
-- would change meaning): the database refuses it otherwise. An expense in another currency keeps
-- its rate to the event's currency (`rate_e6`), as before, and stays organizer-only.

alter table public.events add column currency text
  check (currency in ('CHF', 'EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD'));
alter table public.events disable trigger user;
update public.events set currency = 'CHF';
alter table public.events enable trigger user;
alter table public.events alter column currency set not null;
-- Filled by events_currency_rules on insert (a default cannot look at the creator's last event).
comment on column public.events.currency is
  'ISO 4217 code of the event''s money; the creator''s last event''s or CHF when left out; fixed once it has expenses.';

create function public.events_currency_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.currency is null then
      select e.currency into new.currency from public.events e
      where e.created_by = new.created_by order by e.created_at desc limit 1;
      new.currency := coalesce(new.currency, 'CHF');
    end if;
    return new;
  end if;
  if new.currency is distinct from old.currency and (
       exists (select 1 from public.expenses x where x.event_id = new.id and x.deleted_at is null)
       or exists (select 1 from public.settlements s where s.event_id = new.id and s.deleted_at is null)) then
    raise exception 'The currency can only be changed while the event has no expenses.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger events_b_currency_rules before insert or update on public.events
  for each row execute function public.events_currency_rules();
revoke execute on function public.events_currency_rules() from public, anon, authenticated;

grant insert (currency) on public.events to authenticated;
grant update (currency) on public.events to authenticated;

-- Expenses take the event's currency unless another one is given; at the event's currency the
-- rate is 1. The CHF-only rule of 20261124050000 becomes the event's currency.
alter table public.expenses alter column currency drop default;
alter table public.expenses drop constraint expenses_chf_at_par;

create or replace function public.expenses_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count int;
  v_distinct int;
  v_total numeric;
  v_min numeric;
  v_max numeric;
  v_outsiders int;
  v_event_currency text;
begin
  if tg_op = 'UPDATE' and new.event_id is distinct from old.event_id then
    raise exception 'An expense stays with its event.' using errcode = 'P0001';
  end if;
  -- The event's currency, locked against a change of it while this expense is written.
  select e.currency into v_event_currency from public.events e where e.id = new.event_id for share;
  new.currency := coalesce(new.currency, v_event_currency);
  if new.currency = v_event_currency and new.rate_e6 <> 1000000 then
    raise exception '%', format('%s is the event''s currency: its rate is 1.', v_event_currency) using errcode = 'P0001';
  end if;
  new.amount_event_minor := round(new.amount_minor::numeric * new.rate_e6 / 1000000)::bigint;
  if new.deleted_at is not null then
    return new;
  end if;
  if not exists (select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.paid_by
                 and m.deleted_at is null) then
    raise exception 'The person who paid must be a member of the event.' using errcode = 'P0001';
  end if;
  if new.currency <> v_event_currency and (tg_op = 'INSERT' or new.currency is distinct from old.currency
                                or new.rate_e6 is distinct from old.rate_e6)
     and not private.event_has_feature(new.event_id, 'advanced_expense_splitting') then
    raise exception 'Expenses in other currencies are advanced splitting. Upgrade to organizer to unlock this feature'
      using errcode = 'P0001', detail = 'feature: advanced_expense_splitting';
  end if;
  if jsonb_array_length(new.payers) > 0 then
    if tg_op = 'INSERT' or new.payers is distinct from old.payers then
      perform private.require_event_feature(new.event_id, 'advanced_expense_splitting');
    end if;
    if exists (
      select 1 from jsonb_array_elements(new.payers) p
      where jsonb_typeof(p) <> 'object' or jsonb_typeof(p -> 'user_id') <> 'string'
        or jsonb_typeof(p -> 'paid_minor') <> 'number'
        or (p ->> 'paid_minor')::numeric <= 0 or (p ->> 'paid_minor')::numeric <> trunc((p ->> 'paid_minor')::numeric)
        or (p ->> 'user_id') !~ '^[0-9a-fA-F-]{36}$'
    ) then
      raise exception 'Each payer is a member with a whole, positive number of cents.' using errcode = 'P0001';
    end if;
    select count(*), count(distinct p ->> 'user_id'), sum((p ->> 'paid_minor')::numeric)
      into v_count, v_distinct, v_total
    from jsonb_array_elements(new.payers) p;
    if v_distinct <> v_count then
      raise exception 'Each member can be named once among the payers.' using errcode = 'P0001';
    end if;
    if exists (select 1 from jsonb_array_elements(new.payers) p
               where not exists (select 1 from public.event_members m where m.event_id = new.event_id
                                 and m.user_id = (p ->> 'user_id')::uuid and m.deleted_at is null)) then
      raise exception 'Only members of the event can have paid.' using errcode = 'P0001';
    end if;
    if v_total <> new.amount_minor then
      raise exception '%', format('What the payers paid adds up to %s, not the %s of the expense.', v_total, new.amount_minor)
        using errcode = 'P0001';
    end if;
    if not exists (select 1 from jsonb_array_elements(new.payers) p where p ->> 'user_id' = new.paid_by::text) then
      raise exception 'The main payer must be one of the payers.' using errcode = 'P0001';
    end if;
  end if;
  if jsonb_array_length(new.shares) = 0 then
    return new;
  end if;
  perform private.require_event_feature(new.event_id, 'automated_expense_splitting');
  if exists (
    select 1 from jsonb_array_elements(new.shares) s
    where jsonb_typeof(s) <> 'object' or jsonb_typeof(s -> 'user_id') <> 'string'
      or jsonb_typeof(s -> 'share_minor') <> 'number'
      or (s ->> 'share_minor')::numeric < 0 or (s ->> 'share_minor')::numeric <> trunc((s ->> 'share_minor')::numeric)
      or (s ->> 'user_id') !~ '^[0-9a-fA-F-]{36}$'
  ) then
    raise exception 'Each share names a member and a whole, non-negative number of cents.' using errcode = 'P0001';
  end if;
  select count(*), count(distinct s ->> 'user_id'), sum((s ->> 'share_minor')::numeric),
         min((s ->> 'share_minor')::numeric), max((s ->> 'share_minor')::numeric)
    into v_count, v_distinct, v_total, v_min, v_max
  from jsonb_array_elements(new.shares) s;
  if v_distinct <> v_count then
    raise exception 'Each member can have only one share of an expense.' using errcode = 'P0001';
  end if;
  select count(*) into v_outsiders from jsonb_array_elements(new.shares) s
  where not exists (select 1 from public.event_members m where m.event_id = new.event_id
                    and m.user_id = (s ->> 'user_id')::uuid and m.deleted_at is null);
  if v_outsiders > 0 then
    raise exception 'An expense can only be split among members of the event.' using errcode = 'P0001';
  end if;
  if v_total <> new.amount_minor then
    raise exception '%', format('The shares add up to %s cents, not the %s of the expense.', v_total, new.amount_minor)
      using errcode = 'P0001';
  end if;
  if v_max - v_min > 1 and not private.event_has_feature(new.event_id, 'advanced_expense_splitting') then
    raise exception 'Splitting by shares, percentages or exact amounts is advanced splitting. Upgrade to organizer to unlock this feature'
      using errcode = 'P0001', detail = 'feature: advanced_expense_splitting';
  end if;
  return new;
end
$$;

-- Settlements are in the event's currency; one paid in another currency names a different one.
alter table public.settlements alter column currency drop default;
alter table public.settlements drop constraint settlements_paid_currency_check;
alter table public.settlements add constraint settlements_paid_currency_known check (
  paid_currency is null
  or (paid_currency in ('CHF', 'EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD')
      and paid_currency <> currency));

create function public.settlements_event_currency() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select e.currency into new.currency from public.events e where e.id = new.event_id for share;
  return new;
end
$$;
create trigger settlements_a_event_currency before insert on public.settlements
  for each row execute function public.settlements_event_currency();
revoke execute on function public.settlements_event_currency() from public, anon, authenticated;

-- The currency is one more field group of the event under the one conflict rule.
drop trigger events_a_edit_first on public.events;
drop trigger events_a_edit_later_wins on public.events;
create trigger events_a_edit_first before insert on public.events for each row
  execute function public.edit_first_marks('name:name', 'description:description', 'location:location',
                                           'dates:start_date,end_date', 'currency:currency');
create trigger events_a_edit_later_wins before update on public.events for each row
  execute function public.edit_later_wins('name:name', 'description:description', 'location:location',
                                          'dates:start_date,end_date', 'currency:currency');
