-- One conflict rule for every synced page (issue 21).
--
-- Expenses decided concurrent edits in their own trigger (20261124050000_expenses_advanced.sql).
-- The rule is now one pair of trigger functions shared by every table with editable fields: event
-- details, checklists and their items, schedule items, rides, site plan items, and expenses.
--
-- Each table names its field groups in the trigger's arguments, one argument per group:
-- 'group:column,column'. An edit says when it was made (`edited_at`, the device's time, at most
-- five minutes ahead of the server's) and which edit of each group it was based on (`edit_base`:
-- {group: time}). `field_edits` holds the last edit of each group ({group: {at, by}}). When
-- another member's edit of a group landed since the device saw the row, the later-made edit wins
-- that whole group and the other one is kept in `replaced` (its group, its value, whose it was and
-- when, who replaced it and when): the app shows the member whose change lost what was replaced.
-- Columns outside every group (positions, done marks, moves) keep their own rules.
-- `edited_at` and `edit_base` are cleared once used: they describe one edit.

create function public.edit_later_wins() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_by uuid := auth.uid();
  v_at timestamptz := least(coalesce(new.edited_at, clock_timestamp()), clock_timestamp() + interval '5 minutes');
  v_old jsonb := to_jsonb(old);
  v_new jsonb := to_jsonb(new);
  v_arg text;
  v_group text;
  v_cols text[];
  v_prev jsonb;
  v_seen text;
  v_conflict boolean;
  v_edits jsonb := coalesce(new.field_edits, '{}'::jsonb);
  v_replaced jsonb := coalesce(old.replaced, '[]'::jsonb);
  v_kept jsonb := '{}'::jsonb;
  v_entry jsonb;
begin
  if new.deleted_at is not null or old.deleted_at is not null then
    new.edited_at := null;
    new.edit_base := null;
    return new;
  end if;
  foreach v_arg in array tg_argv loop
    v_group := split_part(v_arg, ':', 1);
    v_cols := string_to_array(split_part(v_arg, ':', 2), ',');
    if not exists (select 1 from unnest(v_cols) c where v_new -> c is distinct from v_old -> c) then
      continue;
    end if;
    v_prev := old.field_edits -> v_group;
    v_seen := new.edit_base ->> v_group;
    -- Another member's edit of this group landed since the device saw the row.
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
      v_edits := v_edits || jsonb_build_object(v_group, jsonb_build_object('at', v_at, 'by', v_by));
    end if;
  end loop;
  if v_kept <> '{}'::jsonb then
    new := jsonb_populate_record(new, v_kept);
  end if;
  new.field_edits := v_edits;
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

-- A new row starts its field groups' history at its creation, by its creator.
create function public.edit_first_marks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_at timestamptz := least(coalesce(new.edited_at, clock_timestamp()), clock_timestamp() + interval '5 minutes');
  v_mark jsonb := jsonb_build_object('at', v_at, 'by', auth.uid());
  v_arg text;
  v_edits jsonb := '{}'::jsonb;
begin
  foreach v_arg in array tg_argv loop
    v_edits := v_edits || jsonb_build_object(split_part(v_arg, ':', 1), v_mark);
  end loop;
  new.field_edits := v_edits;
  new.replaced := '[]'::jsonb;
  new.edited_at := null;
  new.edit_base := null;
  return new;
end
$$;

revoke execute on function public.edit_later_wins(), public.edit_first_marks() from public, anon, authenticated;

-- The columns, on every table with editable fields ------------------------------------------------
alter table public.events
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');
alter table public.checklists
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');
alter table public.checklist_items
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');
alter table public.schedule_items
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');
alter table public.rides
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');
alter table public.site_items
  add column field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  add column replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  add column edited_at timestamptz,
  add column edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object');

-- The field groups of each table (the app's kinds name the same groups, src/sync/edit-groups.ts) ---
create trigger events_a_edit_first before insert on public.events for each row
  execute function public.edit_first_marks('name:name', 'description:description', 'location:location',
                                           'dates:start_date,end_date');
create trigger events_a_edit_later_wins before update on public.events for each row
  execute function public.edit_later_wins('name:name', 'description:description', 'location:location',
                                          'dates:start_date,end_date');

create trigger checklists_a_edit_first before insert on public.checklists for each row
  execute function public.edit_first_marks('title:title', 'kind:kind');
create trigger checklists_a_edit_later_wins before update on public.checklists for each row
  execute function public.edit_later_wins('title:title', 'kind:kind');

create trigger checklist_items_a_edit_first before insert on public.checklist_items for each row
  execute function public.edit_first_marks('text:text', 'quantity:quantity', 'assignee:assignee_id',
                                           'due_date:due_date');
create trigger checklist_items_a_edit_later_wins before update on public.checklist_items for each row
  execute function public.edit_later_wins('text:text', 'quantity:quantity', 'assignee:assignee_id',
                                          'due_date:due_date');

create trigger schedule_items_a_edit_first before insert on public.schedule_items for each row
  execute function public.edit_first_marks('title:title', 'time:starts_at,ends_at', 'location:location', 'notes:notes');
create trigger schedule_items_a_edit_later_wins before update on public.schedule_items for each row
  execute function public.edit_later_wins('title:title', 'time:starts_at,ends_at', 'location:location', 'notes:notes');

create trigger rides_a_edit_first before insert on public.rides for each row
  execute function public.edit_first_marks('vehicle:vehicle', 'seats:seats', 'departure:departure_place,departs_at',
                                           'notes:notes', 'direction:direction', 'stops:stops', 'cost_split:cost_split');
create trigger rides_a_edit_later_wins before update on public.rides for each row
  execute function public.edit_later_wins('vehicle:vehicle', 'seats:seats', 'departure:departure_place,departs_at',
                                          'notes:notes', 'direction:direction', 'stops:stops', 'cost_split:cost_split');

create trigger site_items_a_edit_first before insert on public.site_items for each row
  execute function public.edit_first_marks('label:label', 'assignee:assignee_id', 'layer:layer');
create trigger site_items_a_edit_later_wins before update on public.site_items for each row
  execute function public.edit_later_wins('label:label', 'assignee:assignee_id', 'layer:layer');

-- Expenses now use the same rule, with the same groups as before.
drop trigger expenses_a_edit_later_wins on public.expenses;
drop trigger expenses_a_first_edit on public.expenses;
drop function public.expenses_edit_later_wins();
drop function public.expenses_first_edit();
create trigger expenses_a_edit_first before insert on public.expenses for each row
  execute function public.edit_first_marks('title:title', 'spent_on:spent_on', 'category:category',
                                           'money:amount_minor,currency,rate_e6,paid_by,payers,shares',
                                           'receipt:receipt_path');
create trigger expenses_a_edit_later_wins before update on public.expenses for each row
  execute function public.edit_later_wins('title:title', 'spent_on:spent_on', 'category:category',
                                          'money:amount_minor,currency,rate_e6,paid_by,payers,shares',
                                          'receipt:receipt_path');

grant insert (edited_at) on public.events, public.checklists, public.checklist_items, public.schedule_items,
  public.rides, public.site_items to authenticated;
grant update (edited_at, edit_base) on public.events, public.checklists, public.checklist_items,
  public.schedule_items, public.rides, public.site_items to authenticated;
