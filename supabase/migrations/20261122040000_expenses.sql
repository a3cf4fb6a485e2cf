-- Shared expenses (issue 8): expenses and settlements, in integer minor units (cents).
--
-- Manual expenses (every tier): a member records what someone paid (title, amount, date, who paid,
-- a category). Automated splitting (starter): an expense is split among the members it was for,
-- equally (the shares differ by at most one cent, the remainder going by largest remainder with the
-- member id as tie-break, decided on the device and checked here), and members record settlements.
-- Advanced splitting (organizer): any shares (by weights, percentages or exact amounts, turned into
-- cents on the device). Here the database checks that the shares are members', cover the amount
-- exactly (never a cent lost or invented), and that the event's tier allows the kind of split.
--
-- Shares live on the expense row (`shares`: [{user_id, share_minor}]), so an expense and its split
-- change together and an edit sends only the fields it changed (the later change wins field by
-- field). Amounts are in the event's currency, CHF for now (several currencies are not built yet).
-- Deleted expenses and undone settlements stay as tombstones (deleted_at) for the delta pull.

create table public.expenses (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  amount_minor bigint not null check (amount_minor between 1 and 100000000000),
  currency text not null default 'CHF' check (currency ~ '^[A-Z]{3}$'),
  spent_on date not null default current_date,
  paid_by uuid not null references public.profiles (id) on delete cascade,
  category text not null default 'other'
    check (category in ('food', 'drinks', 'transport', 'camping', 'tickets', 'gear', 'other')),
  shares jsonb not null default '[]'::jsonb check (jsonb_typeof(shares) = 'array'),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index expenses_event_idx on public.expenses (event_id, spent_on);
create index expenses_updated_at_idx on public.expenses (updated_at, id);
comment on table public.expenses is 'What a member paid for the crew, and (with splitting) whom it was for, in cents.';

create table public.settlements (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  from_user uuid not null references public.profiles (id) on delete cascade,
  to_user uuid not null references public.profiles (id) on delete cascade,
  amount_minor bigint not null check (amount_minor between 1 and 100000000000),
  currency text not null default 'CHF' check (currency ~ '^[A-Z]{3}$'),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint settlements_two_people check (from_user <> to_user)
);
create index settlements_event_idx on public.settlements (event_id);
create index settlements_updated_at_idx on public.settlements (updated_at, id);
comment on table public.settlements is 'Money paid back between two members of an event (automated splitting).';

create trigger expenses_updated_at before update on public.expenses for each row execute function public.set_updated_at();
create trigger settlements_updated_at before update on public.settlements
  for each row execute function public.set_updated_at();
create trigger expenses_a_tombstone before update on public.expenses
  for each row execute function public.keep_tombstone();
create trigger settlements_a_tombstone before update on public.settlements
  for each row execute function public.keep_tombstone();

-- An expense: paid by a member; its shares (when split) are distinct members, whole cents, and add
-- up to the amount; an uneven split needs advanced splitting, any split automated splitting.
create function public.expenses_rules() returns trigger
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
begin
  if tg_op = 'UPDATE' and new.event_id is distinct from old.event_id then
    raise exception 'An expense stays with its event.' using errcode = 'P0001';
  end if;
  if new.deleted_at is not null then
    return new;
  end if;
  if not exists (select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.paid_by
                 and m.deleted_at is null) then
    raise exception 'The person who paid must be a member of the event.' using errcode = 'P0001';
  end if;
  if jsonb_array_length(new.shares) = 0 then
    return new;
  end if;
  perform public.require_event_feature(new.event_id, 'automated_expense_splitting');
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
  if v_max - v_min > 1 and not public.event_has_feature(new.event_id, 'advanced_expense_splitting') then
    raise exception 'Splitting by shares, percentages or exact amounts is advanced splitting. Upgrade to organizer to unlock this feature'
      using errcode = 'P0001', detail = 'feature: advanced_expense_splitting';
  end if;
  return new;
end
$$;
create trigger expenses_b_rules before insert or update on public.expenses
  for each row execute function public.expenses_rules();

-- A settlement: between two members of the event, with automated splitting.
create function public.settlements_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if row(new.event_id, new.from_user, new.to_user, new.amount_minor, new.currency)
       is distinct from row(old.event_id, old.from_user, old.to_user, old.amount_minor, old.currency) then
      raise exception 'A settlement cannot be changed; undo it and record it again.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  perform public.require_event_feature(new.event_id, 'automated_expense_splitting');
  if new.from_user = new.to_user then
    raise exception 'A settlement is between two people.' using errcode = 'P0001';
  end if;
  if (select count(*) from public.event_members m where m.event_id = new.event_id and m.deleted_at is null
      and m.user_id in (new.from_user, new.to_user)) <> 2 then
    raise exception 'Settlements are between members of the event.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger settlements_b_rules before insert or update on public.settlements
  for each row execute function public.settlements_rules();

-- Row-level security and privileges ---------------------------------------------------------------
alter table public.expenses enable row level security;
alter table public.settlements enable row level security;

revoke all on public.expenses, public.settlements from anon, authenticated;
grant select on public.expenses, public.settlements to authenticated;
-- created_by and the currency come from their defaults, never the client.
grant insert (id, event_id, title, amount_minor, spent_on, paid_by, category, shares) on public.expenses to authenticated;
grant update (title, amount_minor, spent_on, paid_by, category, shares, deleted_at) on public.expenses to authenticated;
grant insert (id, event_id, from_user, to_user, amount_minor) on public.settlements to authenticated;
grant update (deleted_at) on public.settlements to authenticated;

create policy "Members can read their events' expenses" on public.expenses
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can record expenses" on public.expenses
  for insert to authenticated with check (created_by = (select auth.uid()) and public.is_event_member(event_id));
create policy "Who recorded or paid an expense, and managers, can change it" on public.expenses
  for update to authenticated
  using (
    public.is_event_member(event_id)
    and (created_by = (select auth.uid()) or paid_by = (select auth.uid()) or public.is_event_manager(event_id))
  )
  with check (public.is_event_member(event_id));

create policy "Members can read their events' settlements" on public.settlements
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members record settlements they take part in, managers any" on public.settlements
  for insert to authenticated
  with check (
    created_by = (select auth.uid()) and public.is_event_member(event_id)
    and ((select auth.uid()) in (from_user, to_user) or public.is_event_manager(event_id))
  );
create policy "Who recorded a settlement, and managers, can undo it" on public.settlements
  for update to authenticated
  using (public.is_event_member(event_id) and (created_by = (select auth.uid()) or public.is_event_manager(event_id)))
  with check (public.is_event_member(event_id));

revoke execute on function public.expenses_rules(), public.settlements_rules() from public, anon, authenticated;

-- Realtime ----------------------------------------------------------------------------------------------
alter table public.expenses replica identity full;
alter table public.settlements replica identity full;
alter publication supabase_realtime add table public.expenses, public.settlements;
