-- Shared expenses, advanced splitting (organizer) and concurrent edits (issue 8).
--
-- Several currencies: an expense can be entered in another currency with the rate to the event's
-- currency (CHF) fixed on the expense when it is entered (`rate_e6`: CHF per unit, times a
-- million). `amount_event_minor` is the amount in CHF cents, rounded half up, computed here so every
-- device and the balances agree on it. Shares and payers are in the expense's own currency; balances
-- convert them to CHF by largest remainder on the device (money.ts), so they still add up to zero.
--
-- Several payers: `payers` [{user_id, paid_minor}] adding up to the amount; `paid_by` stays the
-- main payer (one of them) so manual totals, RLS and older devices keep working.
--
-- A settlement in another currency at a fixed rate: the settled amount stays in CHF
-- (`amount_minor`, what the balances use); what changed hands is kept beside it (`paid_currency`,
-- `paid_amount_minor`, `paid_rate_e6`), and must match the CHF amount at that rate.
--
-- Two members editing one expense offline: an edit says when it was made (`edited_at`) and which
-- edit of each field group it was based on (`edit_base`: {group: time}). When another member's edit
-- of that group landed in between, the later-made edit wins that group and the other one is kept in
-- `replaced` (whose change, what it was, who replaced it), so the member whose change lost is shown
-- what was replaced. Groups: title, spent_on, category, money (amount, currency, rate, payers,
-- shares), receipt. `edited_at` and `edit_base` are cleared once used: they describe one edit.

alter table public.expenses
  add column rate_e6 bigint not null default 1000000 check (rate_e6 between 1 and 1000000000),
  add column amount_event_minor bigint,
  add column payers jsonb not null default '[]'::jsonb check (jsonb_typeof(payers) = 'array'),
  add column receipt_path text check (receipt_path is null or length(receipt_path) between 1 and 300),
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');

-- Set by the rules trigger (a generated column cannot be in a full replica identity on PG 18).
alter table public.expenses disable trigger user;
update public.expenses set amount_event_minor = amount_minor;
alter table public.expenses enable trigger user;
alter table public.expenses alter column amount_event_minor set not null;

alter table public.expenses drop constraint if exists expenses_currency_check;
alter table public.expenses add constraint expenses_currency_known
  check (currency in ('CHF', 'EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD'));
alter table public.expenses add constraint expenses_chf_at_par check (currency <> 'CHF' or rate_e6 = 1000000);

alter table public.settlements
  add column paid_currency text check (paid_currency in ('EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD')),
  add column paid_amount_minor bigint check (paid_amount_minor between 1 and 100000000000),
  add column paid_rate_e6 bigint check (paid_rate_e6 between 1 and 1000000000),
  add constraint settlements_paid_in_full check (
    (paid_currency is null and paid_amount_minor is null and paid_rate_e6 is null)
    or (paid_currency is not null and paid_amount_minor is not null and paid_rate_e6 is not null
        -- at that rate, what was paid is the settled amount to within one unit of the paid currency
        and abs(paid_amount_minor::numeric * paid_rate_e6 / 1000000 - amount_minor) <= greatest(1, paid_rate_e6::numeric / 1000000))
  );

-- The later-made edit wins each field group; the one it replaced is kept for its author to see.
create function public.expenses_edit_later_wins() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_by uuid := auth.uid();
  v_at timestamptz := least(coalesce(new.edited_at, clock_timestamp()), clock_timestamp() + interval '5 minutes');
  v_old jsonb := to_jsonb(old);
  v_new jsonb := to_jsonb(new);
  v_group text;
  v_cols text[];
  v_prev jsonb;
  v_seen text;
  v_conflict boolean;
  v_replaced jsonb := old.replaced;
  v_kept jsonb := '{}'::jsonb;
  v_entry jsonb;
begin
  if new.deleted_at is not null or old.deleted_at is not null then
    new.edited_at := null;
    new.edit_base := null;
    return new;
  end if;
  foreach v_group in array array['title', 'spent_on', 'category', 'money', 'receipt'] loop
    v_cols := case v_group
      when 'money' then array['amount_minor', 'currency', 'rate_e6', 'paid_by', 'payers', 'shares']
      when 'receipt' then array['receipt_path']
      else array[v_group] end;
    if not exists (select 1 from unnest(v_cols) c where v_new -> c is distinct from v_old -> c) then
      continue;
    end if;
    v_prev := old.field_edits -> v_group;
    v_seen := new.edit_base ->> v_group;
    -- Another member's edit of this group landed since the device saw the expense.
    v_conflict := v_prev is not null and (v_prev ->> 'by') is distinct from v_by::text
      and (v_seen is null or (v_seen)::timestamptz is distinct from (v_prev ->> 'at')::timestamptz);
    if v_conflict and (v_prev ->> 'at')::timestamptz > v_at then
      -- This edit was made before the one already here: the one already here stays.
      v_entry := jsonb_build_object(
        'group', v_group, 'value', (select jsonb_object_agg(c, v_new -> c) from unnest(v_cols) c),
        'by', v_by, 'at', v_at, 'replaced_by', v_prev -> 'by', 'replaced_at', v_prev -> 'at');
      if not v_replaced @> jsonb_build_array(v_entry) then -- a replay of the same edit is told once
        v_replaced := v_replaced || jsonb_build_array(v_entry);
      end if;
      v_kept := v_kept || (select jsonb_object_agg(c, v_old -> c) from unnest(v_cols) c);
    else
      if v_conflict then
        v_replaced := v_replaced || jsonb_build_array(jsonb_build_object(
          'group', v_group, 'value', (select jsonb_object_agg(c, v_old -> c) from unnest(v_cols) c),
          'by', v_prev -> 'by', 'at', v_prev -> 'at', 'replaced_by', v_by, 'replaced_at', v_at));
      end if;
      new.field_edits := new.field_edits || jsonb_build_object(v_group, jsonb_build_object('at', v_at, 'by', v_by));
    end if;
  end loop;
  if v_kept <> '{}'::jsonb then
    new := jsonb_populate_record(new, v_kept);
  end if;
  -- The 20 most recent replacements are enough to tell each member what happened.
  new.replaced := (
    select coalesce(jsonb_agg(e order by n), '[]'::jsonb)
    from jsonb_array_elements(v_replaced) with ordinality t (e, n)
    where n > jsonb_array_length(v_replaced) - 20
  );
  new.edited_at := null;
  new.edit_base := null;
  return new;
end
$$;
create trigger expenses_a_edit_later_wins before update on public.expenses
  for each row execute function public.expenses_edit_later_wins();

-- A new expense starts its field groups' history at its creation.
create function public.expenses_first_edit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_at timestamptz := least(coalesce(new.edited_at, clock_timestamp()), clock_timestamp() + interval '5 minutes');
  v_mark jsonb := jsonb_build_object('at', v_at, 'by', auth.uid());
begin
  new.field_edits := jsonb_build_object('title', v_mark, 'spent_on', v_mark, 'category', v_mark, 'money', v_mark,
                                        'receipt', v_mark);
  new.replaced := '[]'::jsonb;
  new.edited_at := null;
  new.edit_base := null;
  return new;
end
$$;
create trigger expenses_a_first_edit before insert on public.expenses
  for each row execute function public.expenses_first_edit();

-- The rules, now with payers and currencies.
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
begin
  if tg_op = 'UPDATE' and new.event_id is distinct from old.event_id then
    raise exception 'An expense stays with its event.' using errcode = 'P0001';
  end if;
  new.amount_event_minor := round(new.amount_minor::numeric * new.rate_e6 / 1000000)::bigint;
  if new.deleted_at is not null then
    return new;
  end if;
  if not exists (select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.paid_by
                 and m.deleted_at is null) then
    raise exception 'The person who paid must be a member of the event.' using errcode = 'P0001';
  end if;
  if new.currency <> 'CHF' and (tg_op = 'INSERT' or new.currency is distinct from old.currency
                                or new.rate_e6 is distinct from old.rate_e6)
     and not public.event_has_feature(new.event_id, 'advanced_expense_splitting') then
    raise exception 'Expenses in other currencies are advanced splitting. Upgrade to organizer to unlock this feature'
      using errcode = 'P0001', detail = 'feature: advanced_expense_splitting';
  end if;
  if jsonb_array_length(new.payers) > 0 then
    if tg_op = 'INSERT' or new.payers is distinct from old.payers then
      perform public.require_event_feature(new.event_id, 'advanced_expense_splitting');
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

-- A settlement paid in another currency is advanced splitting too.
create or replace function public.settlements_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if row(new.event_id, new.from_user, new.to_user, new.amount_minor, new.currency, new.paid_currency,
           new.paid_amount_minor, new.paid_rate_e6)
       is distinct from row(old.event_id, old.from_user, old.to_user, old.amount_minor, old.currency, old.paid_currency,
                            old.paid_amount_minor, old.paid_rate_e6) then
      raise exception 'A settlement cannot be changed; undo it and record it again.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  perform public.require_event_feature(new.event_id, 'automated_expense_splitting');
  if new.paid_currency is not null and not public.event_has_feature(new.event_id, 'advanced_expense_splitting') then
    raise exception 'Settling in another currency is advanced splitting. Upgrade to organizer to unlock this feature'
      using errcode = 'P0001', detail = 'feature: advanced_expense_splitting';
  end if;
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

revoke execute on function public.expenses_edit_later_wins(), public.expenses_first_edit() from public, anon, authenticated;

grant insert (currency, rate_e6, payers, receipt_path, edited_at) on public.expenses to authenticated;
grant update (currency, rate_e6, payers, receipt_path, edited_at, edit_base) on public.expenses to authenticated;
grant insert (paid_currency, paid_amount_minor, paid_rate_e6) on public.settlements to authenticated;

-- Receipt photos -------------------------------------------------------------------------------------
-- A private bucket: a receipt is read by the event's members only, at most 5 MB and an image.
-- Its key is {event_id}/{expense_id}/{file}; who may change an expense adds its receipt, who
-- added one and the event's managers remove it. An expense points at its receipt through
-- `receipt_path`, which must lie under the expense's own folder.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('receipts', 'receipts', false, 5242880, array['image/*'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may read (or, with p_write, add) a receipt under this key.
create function public.can_use_receipt(p_name text, p_write boolean) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_parts text[] := storage.foldername(p_name);
  v_event uuid;
  v_expense uuid;
begin
  if coalesce(array_length(v_parts, 1), 0) <> 2
     or v_parts[1] !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
     or v_parts[2] !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  v_event := v_parts[1]::uuid;
  v_expense := v_parts[2]::uuid;
  if not public.is_event_member(v_event) then
    return false;
  end if;
  -- Adding one takes what changing the expense takes: who recorded or paid it, or a manager.
  return not p_write or exists (
    select 1 from public.expenses e
    where e.id = v_expense and e.event_id = v_event and e.deleted_at is null
      and (e.created_by = auth.uid() or e.paid_by = auth.uid() or public.is_event_manager(v_event))
  );
end
$$;
revoke execute on function public.can_use_receipt(text, boolean) from public, anon;
grant execute on function public.can_use_receipt(text, boolean) to authenticated;

create policy "Members read their events' receipts" on storage.objects
  for select to authenticated
  using (bucket_id = 'receipts' and public.can_use_receipt(name, false));

create policy "Members add receipts to their events' expenses" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'receipts' and public.can_use_receipt(name, true));

-- Whether the caller may remove this receipt: who added it, or a manager of the event.
create function public.can_remove_receipt(p_name text, p_owner uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return public.can_use_receipt(p_name, false)
    and (p_owner = auth.uid() or public.is_event_manager((storage.foldername(p_name))[1]::uuid));
end
$$;
revoke execute on function public.can_remove_receipt(text, uuid) from public, anon;
grant execute on function public.can_remove_receipt(text, uuid) to authenticated;

create policy "Who added a receipt, and managers, remove it" on storage.objects
  for delete to authenticated
  using (bucket_id = 'receipts' and public.can_remove_receipt(name, owner));

alter table public.expenses add constraint expenses_receipt_in_its_folder
  check (receipt_path is null or starts_with(receipt_path, event_id::text || '/' || id::text || '/'));
