-- Event pages I (issue 7): group chat, checklists and the schedule, with their rules.
--
-- Who may do what (spec section 6, decisions "Tiers"): every active member of an event reads its
-- chat, checklists and schedule; non-members see nothing. The basic forms are on every tier; the
-- tier features are decided here from the event's access_tier (the creator's tier):
--   extended_chat (starter): replies, reactions, message search;
--   whatsapp_import (starter): imported messages, by the event's managers;
--   templates_cloning (starter): save a list as a template, start lists from one, clone a list;
--   duplicate_templates (organizer, by the caller's own tier: templates belong to a person);
--   extended_schedule (starter): assignees and items that span several days.
-- A refusal for the tier says 'Upgrade to {tier} to unlock this feature' (the spec's text), errcode
-- P0001, with `detail` naming the feature.
--
-- Rows members create offline carry the id the device gave them, so a replayed insert is the
-- same row (`on conflict do nothing`); soft deletes keep a tombstone (deleted_at, body cleared for
-- messages) so the delta pull sees them; updated_at is the pull cursor. Schedule times are the
-- wall-clock time at the event's place (timestamp without time zone), compared with the event's
-- dates, which are dates without a zone too.

-- Feature gates -----------------------------------------------------------------------------------
create function public.event_has_feature(p_event_id uuid, p_key text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select public.tier_rank(e.access_tier) >= public.tier_rank(public.feature_required_tier(p_key))
    from public.events e where e.id = p_event_id
  ), false)
$$;
comment on function public.event_has_feature(uuid, text) is 'True when the event''s access tier includes the tier feature.';

create function public.require_event_feature(p_event_id uuid, p_key text) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.event_has_feature(p_event_id, p_key) then
    raise exception '%', format('Upgrade to %s to unlock this feature', public.feature_required_tier(p_key))
      using errcode = 'P0001', detail = 'feature: ' || p_key;
  end if;
end
$$;
comment on function public.require_event_feature(uuid, text) is 'Raises the upgrade message when the event''s tier lacks the feature.';

-- Tables ----------------------------------------------------------------------------------------
create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null,
  reply_to_id uuid references public.chat_messages (id) on delete set null,
  imported boolean not null default false,
  original_sender_name text check (original_sender_name is null or length(original_sender_name) <= 200),
  original_sent_at timestamptz,
  import_batch_id uuid,
  import_key text check (import_key is null or length(import_key) <= 100),
  created_at timestamptz not null default clock_timestamp(),
  edited_at timestamptz,
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint chat_messages_body_length check (char_length(body) <= 4000 and (deleted_at is not null or char_length(btrim(body)) >= 1)),
  constraint chat_messages_import_key unique (event_id, import_key),
  constraint chat_messages_imported_fields check (imported = (import_key is not null))
);
create index chat_messages_event_created_idx on public.chat_messages (event_id, created_at);
create index chat_messages_updated_at_idx on public.chat_messages (updated_at, id);
comment on table public.chat_messages is 'The group chat of an event; imported WhatsApp messages keep their original time and sender.';

create table public.chat_reactions (
  id uuid not null default gen_random_uuid() unique,
  message_id uuid not null references public.chat_messages (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  emoji text not null check (char_length(emoji) between 1 and 16),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (message_id, user_id, emoji)
);
create index chat_reactions_updated_at_idx on public.chat_reactions (updated_at, id);
create index chat_reactions_event_idx on public.chat_reactions (event_id);
comment on table public.chat_reactions is 'Reactions to chat messages (extended chat); removal is soft.';

create table public.chat_read_markers (
  id uuid not null default gen_random_uuid() unique,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  last_read_at timestamptz not null,
  last_read_message_id uuid references public.chat_messages (id) on delete set null,
  updated_at timestamptz not null default clock_timestamp(),
  primary key (event_id, user_id)
);
create index chat_read_markers_updated_at_idx on public.chat_read_markers (updated_at, id);
comment on table public.chat_read_markers is 'How far each member has read an event''s chat (the unread marker); only moves forward.';

create table public.checklists (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  kind text not null default 'todo' check (kind in ('packing', 'shopping', 'todo')),
  position text collate "C" not null default 'V' check (position ~ '^[0-9A-Za-z]{0,199}[1-9A-Za-z]$'),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  source_checklist_id uuid,
  source_template_id uuid,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index checklists_event_idx on public.checklists (event_id);
create index checklists_updated_at_idx on public.checklists (updated_at, id);
comment on table public.checklists is 'An event''s lists (packing, shopping, to-do); deletion is soft.';

-- position: a fractional index (digits 0-9A-Za-z compared bytewise, never ending in 0) with the
-- id as tie-break, so a move writes one row and two members' moves converge (src/features/checklists/ordering.ts).
create table public.checklist_items (
  id uuid primary key default gen_random_uuid(),
  checklist_id uuid not null references public.checklists (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  text text not null check (length(btrim(text)) between 1 and 500),
  quantity int not null default 1 check (quantity between 1 and 100000),
  assignee_id uuid references public.profiles (id) on delete set null,
  due_date date,
  done boolean not null default false,
  done_by uuid references public.profiles (id) on delete set null,
  done_at timestamptz,
  position text collate "C" not null default 'V' check (position ~ '^[0-9A-Za-z]{0,199}[1-9A-Za-z]$'),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index checklist_items_checklist_idx on public.checklist_items (checklist_id, position, id);
create index checklist_items_event_idx on public.checklist_items (event_id);
create index checklist_items_updated_at_idx on public.checklist_items (updated_at, id);
comment on table public.checklist_items is 'Items of a checklist: who does what, who ticked it and when.';

create table public.checklist_templates (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  kind text not null default 'todo' check (kind in ('packing', 'shopping', 'todo')),
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) <= 1000),
  source_template_id uuid,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index checklist_templates_owner_idx on public.checklist_templates (owner_id);
create index checklist_templates_updated_at_idx on public.checklist_templates (updated_at, id);
comment on table public.checklist_templates is 'A person''s saved lists ([{text, quantity}]) to start new lists from.';

create table public.schedule_items (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  starts_at timestamp not null,
  ends_at timestamp not null,
  location text check (location is null or length(location) <= 300),
  notes text check (notes is null or length(notes) <= 5000),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint schedule_items_order check (ends_at > starts_at)
);
create index schedule_items_event_idx on public.schedule_items (event_id, starts_at);
create index schedule_items_updated_at_idx on public.schedule_items (updated_at, id);
comment on table public.schedule_items is 'The agenda of an event, in the wall-clock time of the event''s place.';

create table public.schedule_item_assignees (
  id uuid not null default gen_random_uuid() unique,
  item_id uuid not null references public.schedule_items (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (item_id, user_id)
);
create index schedule_item_assignees_updated_at_idx on public.schedule_item_assignees (updated_at, id);
create index schedule_item_assignees_event_idx on public.schedule_item_assignees (event_id);
comment on table public.schedule_item_assignees is 'Who takes care of a schedule item (extended schedule); removal is soft.';

create trigger chat_messages_updated_at before update on public.chat_messages for each row execute function public.set_updated_at();
create trigger chat_reactions_updated_at before update on public.chat_reactions for each row execute function public.set_updated_at();
create trigger chat_read_markers_updated_at before update on public.chat_read_markers for each row execute function public.set_updated_at();
create trigger checklists_updated_at before update on public.checklists for each row execute function public.set_updated_at();
create trigger checklist_items_updated_at before update on public.checklist_items for each row execute function public.set_updated_at();
create trigger checklist_templates_updated_at before update on public.checklist_templates for each row execute function public.set_updated_at();
create trigger schedule_items_updated_at before update on public.schedule_items for each row execute function public.set_updated_at();
create trigger schedule_item_assignees_updated_at before update on public.schedule_item_assignees for each row execute function public.set_updated_at();

-- A soft delete stays put: deleting again keeps the first time, and nothing brings the row back.
create function public.keep_tombstone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.deleted_at is not null then
    if current_user = 'authenticated' then
      if row(new.*) is distinct from row(old.*) and new.deleted_at is null then
        raise exception 'This has been deleted.' using errcode = 'P0001';
      end if;
      return old; -- a replayed delete, or an edit racing a delete: the tombstone wins
    end if;
    return new;
  end if;
  if new.deleted_at is not null then
    new.deleted_at := clock_timestamp();
  end if;
  return new;
end
$$;

-- chat_messages rules ------------------------------------------------------------------------------
-- Security invoker, like the other client rules: current_user tells a client's write from a
-- procedure's.
create function public.chat_messages_rules() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_reply_event uuid;
begin
  if char_length(new.body) > 4000 then
    raise exception 'Messages can be 4,000 characters at most.' using errcode = 'P0001', detail = 'limit: message_length';
  end if;
  if tg_op = 'INSERT' then
    if new.deleted_at is null and char_length(btrim(new.body)) = 0 then
      raise exception 'A message cannot be empty.' using errcode = 'P0001';
    end if;
    if new.reply_to_id is not null then
      perform public.require_event_feature(new.event_id, 'extended_chat');
      select m.event_id into v_reply_event from public.chat_messages m where m.id = new.reply_to_id;
      if v_reply_event is distinct from new.event_id then
        raise exception 'A reply must answer a message of the same event.' using errcode = 'P0001';
      end if;
    end if;
    if new.imported then
      perform public.require_event_feature(new.event_id, 'whatsapp_import');
    end if;
    return new;
  end if;
  -- update (the tombstone trigger ran first: old.deleted_at is null here)
  if new.deleted_at is not null then
    new.body := '';
    return new;
  end if;
  if new.body is distinct from old.body then
    if char_length(btrim(new.body)) = 0 then
      raise exception 'A message cannot be empty.' using errcode = 'P0001';
    end if;
    if old.imported then
      raise exception 'Imported messages cannot be edited.' using errcode = 'P0001';
    end if;
    if old.author_id is distinct from auth.uid() and current_user = 'authenticated' then
      raise exception 'Only the author can edit a message.' using errcode = '42501';
    end if;
    new.edited_at := clock_timestamp();
  end if;
  return new;
end
$$;
create trigger chat_messages_a_tombstone before update on public.chat_messages
  for each row execute function public.keep_tombstone();
create trigger chat_messages_b_rules before insert or update on public.chat_messages
  for each row execute function public.chat_messages_rules();

-- checklists and items rules -------------------------------------------------------------------------
create function public.checklists_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated' and new.deleted_at is not null and old.deleted_at is null
    and not public.is_event_manager(old.event_id) and old.created_by is distinct from auth.uid() then
    raise exception 'Only the event''s managers and the person who made a list can delete it.' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger checklists_a_tombstone before update on public.checklists
  for each row execute function public.keep_tombstone();
create trigger checklists_b_rules before update on public.checklists
  for each row execute function public.checklists_rules();

-- A deleted list takes its items with it (tombstones, so devices drop them on the next pull);
-- a deleted schedule item likewise its assignees.
create function public.cascade_soft_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'checklists' then
    update public.checklist_items set deleted_at = clock_timestamp()
    where checklist_id = new.id and deleted_at is null;
  elsif tg_table_name = 'schedule_items' then
    update public.schedule_item_assignees set deleted_at = clock_timestamp()
    where item_id = new.id and deleted_at is null;
  end if;
  return null;
end
$$;
create trigger checklists_cascade_soft_delete after update of deleted_at on public.checklists
  for each row when (new.deleted_at is not null and old.deleted_at is null)
  execute function public.cascade_soft_delete();

create function public.checklist_items_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_list public.checklists;
begin
  if tg_op = 'INSERT' then
    select * into v_list from public.checklists c where c.id = new.checklist_id;
    if not found then
      return new; -- the foreign key reports it
    end if;
    if v_list.deleted_at is not null then
      raise exception 'This list has been deleted.' using errcode = 'P0001';
    end if;
    new.event_id := v_list.event_id;
  end if;
  if new.assignee_id is not null and (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id)
    and not exists (select 1 from public.event_members m
                    where m.event_id = new.event_id and m.user_id = new.assignee_id and m.deleted_at is null) then
    raise exception 'Items can only be assigned to members of the event.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' then
    if new.done then
      new.done_by := auth.uid();
      new.done_at := clock_timestamp();
    else
      new.done_by := null;
      new.done_at := null;
    end if;
    new.updated_by := auth.uid();
    return new;
  end if;
  if new.done is distinct from old.done then
    new.done_by := case when new.done then auth.uid() end;
    new.done_at := case when new.done then clock_timestamp() end;
  end if;
  if row(new.*) is distinct from row(old.*) then
    new.updated_by := coalesce(auth.uid(), old.updated_by);
  end if;
  return new;
end
$$;
create trigger checklist_items_a_tombstone before update on public.checklist_items
  for each row execute function public.keep_tombstone();
create trigger checklist_items_b_rules before insert or update on public.checklist_items
  for each row execute function public.checklist_items_rules();

create trigger checklist_templates_a_tombstone before update on public.checklist_templates
  for each row execute function public.keep_tombstone();

-- schedule rules: dates, planning days, multi-day items ----------------------------------------------
-- An item lies within the event's dates (start date 00:00 to the end date's midnight). Planning
-- days (decisions: days from the event's start to its end, inclusive) bound the schedule by the
-- event's tier: with a start date, the items fall within the tier's planning days from it (an
-- event longer than its tier allows, after a downgrade, keeps a schedule of the allowed days);
-- without one, the whole schedule spans at most the tier's planning days. Who may change an item
-- is the policies' business.
create function public.schedule_items_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event public.events;
  v_limits public.tier_limits;
  v_up text;
  v_first timestamp;
  v_last timestamp;
  v_days int;
begin
  if tg_op = 'UPDATE' then
    if new.deleted_at is not null then
      return new;
    end if;
    new.updated_by := coalesce(auth.uid(), old.updated_by);
    if new.starts_at = old.starts_at and new.ends_at = old.ends_at then
      return new;
    end if;
  else
    new.updated_by := auth.uid();
  end if;
  if new.ends_at <= new.starts_at then
    raise exception 'An item must end after it starts.' using errcode = 'P0001';
  end if;
  select * into v_event from public.events e where e.id = new.event_id for no key update;
  if not found then
    return new;
  end if;
  -- an end at midnight belongs to the day before
  if (new.ends_at - interval '1 microsecond')::date > new.starts_at::date
    and not public.event_has_feature(new.event_id, 'extended_schedule') then
    raise exception 'Items that span several days are part of the extended schedule. Upgrade to starter to unlock this feature'
      using errcode = 'P0001', detail = 'feature: extended_schedule';
  end if;
  if (v_event.start_date is not null and new.starts_at < v_event.start_date::timestamp)
    or (v_event.end_date is not null and new.ends_at > (v_event.end_date + 1)::timestamp) then
    raise exception '%', 'Schedule items must fall within the event''s dates'
      || case when v_event.start_date is not null and v_event.end_date is not null
           then format(' (%s to %s).', v_event.start_date, v_event.end_date) else '.' end
      using errcode = 'P0001', detail = 'limit: event_dates';
  end if;
  v_limits := public.tier_limits_of(v_event.access_tier);
  v_up := public.tier_upgrade(v_limits.tier);
  if v_event.start_date is not null then
    v_first := v_event.start_date::timestamp;
    v_last := greatest(new.ends_at, v_first);
  else
    select least(min(s.starts_at), new.starts_at), greatest(max(s.ends_at), new.ends_at) into v_first, v_last
    from public.schedule_items s
    where s.event_id = new.event_id and s.deleted_at is null and s.id <> new.id;
  end if;
  v_days := (v_last - interval '1 microsecond')::date - v_first::date + 1;
  if v_days > v_limits.max_planning_days then
    raise exception '%', format('Your %s plan allows a schedule of up to %s planning days; this item would make it %s days.',
        v_limits.tier, v_limits.max_planning_days, v_days)
      || case when v_up is null then ''
              else format(' Upgrade to %s for up to %s days.', v_up, (public.tier_limits_of(v_up)).max_planning_days) end
      using errcode = 'P0001', detail = 'limit: max_planning_days';
  end if;
  return new;
end
$$;
create trigger schedule_items_a_tombstone before update on public.schedule_items
  for each row execute function public.keep_tombstone();
create trigger schedule_items_b_rules before insert or update on public.schedule_items
  for each row execute function public.schedule_items_rules();
create trigger schedule_items_cascade_soft_delete after update of deleted_at on public.schedule_items
  for each row when (new.deleted_at is not null and old.deleted_at is null)
  execute function public.cascade_soft_delete();

-- Row-level security and privileges --------------------------------------------------------------------
alter table public.chat_messages enable row level security;
alter table public.chat_reactions enable row level security;
alter table public.chat_read_markers enable row level security;
alter table public.checklists enable row level security;
alter table public.checklist_items enable row level security;
alter table public.checklist_templates enable row level security;
alter table public.schedule_items enable row level security;
alter table public.schedule_item_assignees enable row level security;

revoke all on public.chat_messages, public.chat_reactions, public.chat_read_markers, public.checklists,
  public.checklist_items, public.checklist_templates, public.schedule_items, public.schedule_item_assignees
  from anon, authenticated;
grant select on public.chat_messages, public.chat_reactions, public.chat_read_markers, public.checklists,
  public.checklist_items, public.checklist_templates, public.schedule_items, public.schedule_item_assignees
  to authenticated;
-- author_id, created_by and the import fields come from defaults and procedures, never the client.
grant insert (id, event_id, body, reply_to_id) on public.chat_messages to authenticated;
grant update (body, deleted_at) on public.chat_messages to authenticated;
grant insert (id, event_id, title, kind, position) on public.checklists to authenticated;
grant update (title, kind, position, deleted_at) on public.checklists to authenticated;
grant insert (id, checklist_id, text, quantity, assignee_id, due_date, done, position) on public.checklist_items to authenticated;
grant update (text, quantity, assignee_id, due_date, done, position, deleted_at) on public.checklist_items to authenticated;
grant update (title, deleted_at) on public.checklist_templates to authenticated;
grant insert (id, event_id, title, starts_at, ends_at, location, notes) on public.schedule_items to authenticated;
grant update (title, starts_at, ends_at, location, notes, deleted_at) on public.schedule_items to authenticated;

create policy "Members can read their events' messages" on public.chat_messages
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can write messages of their own" on public.chat_messages
  for insert to authenticated with check (author_id = (select auth.uid()) and public.is_event_member(event_id));
create policy "Authors edit their messages and managers delete any" on public.chat_messages
  for update to authenticated
  using (public.is_event_member(event_id) and (author_id = (select auth.uid()) or public.is_event_manager(event_id)))
  with check (public.is_event_member(event_id));

create policy "Members can read their events' reactions" on public.chat_reactions
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can read their own read markers" on public.chat_read_markers
  for select to authenticated using (user_id = (select auth.uid()) and public.is_event_member(event_id));

create policy "Members can read their events' checklists" on public.checklists
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can add checklists" on public.checklists
  for insert to authenticated with check (created_by = (select auth.uid()) and public.is_event_member(event_id));
create policy "Members can change checklists" on public.checklists
  for update to authenticated using (public.is_event_member(event_id)) with check (public.is_event_member(event_id));

create policy "Members can read their events' checklist items" on public.checklist_items
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can add checklist items" on public.checklist_items
  for insert to authenticated with check (created_by = (select auth.uid()) and public.is_event_member(event_id));
create policy "Members can change checklist items" on public.checklist_items
  for update to authenticated using (public.is_event_member(event_id)) with check (public.is_event_member(event_id));

create policy "Users can read their own templates" on public.checklist_templates
  for select to authenticated using (owner_id = (select auth.uid()));
create policy "Users can rename and delete their own templates" on public.checklist_templates
  for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

create policy "Members can read their events' schedule" on public.schedule_items
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can add schedule items" on public.schedule_items
  for insert to authenticated with check (created_by = (select auth.uid()) and public.is_event_member(event_id));
create policy "Authors and managers can change schedule items" on public.schedule_items
  for update to authenticated
  using (public.is_event_member(event_id) and (created_by = (select auth.uid()) or public.is_event_manager(event_id)))
  with check (public.is_event_member(event_id));

create policy "Members can read their events' schedule assignees" on public.schedule_item_assignees
  for select to authenticated using (public.is_event_member(event_id));

-- Procedures ---------------------------------------------------------------------------------------------
-- Reactions (extended chat): on or off, a replay answers the state reached.
create function public.set_chat_reaction(p_message_id uuid, p_emoji text, p_on boolean default true) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_message public.chat_messages;
begin
  select * into v_message from public.chat_messages m where m.id = p_message_id;
  if not found or not public.is_event_member(v_message.event_id) then
    return public.result(false, 'This message is not in one of your events.');
  end if;
  perform public.require_event_feature(v_message.event_id, 'extended_chat');
  if p_on then
    if v_message.deleted_at is not null then
      return public.result(false, 'This message has been deleted.');
    end if;
    insert into public.chat_reactions (message_id, event_id, user_id, emoji)
    values (p_message_id, v_message.event_id, v_uid, p_emoji)
    on conflict (message_id, user_id, emoji) do update set deleted_at = null
      where public.chat_reactions.deleted_at is not null;
  else
    update public.chat_reactions r set deleted_at = clock_timestamp()
    where r.message_id = p_message_id and r.user_id = v_uid and r.emoji = p_emoji and r.deleted_at is null;
  end if;
  return public.result(true, case when p_on then 'Reaction added.' else 'Reaction removed.' end);
end
$$;

-- The unread marker: only moves forward, so a replay or an older device changes nothing.
create function public.mark_chat_read(p_event_id uuid, p_read_at timestamptz, p_message_id uuid default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_at timestamptz := least(p_read_at, clock_timestamp());
begin
  if not public.is_event_member(p_event_id) then
    return public.result(false, 'You are not a member of this event');
  end if;
  if p_message_id is not null and not exists (
    select 1 from public.chat_messages m where m.id = p_message_id and m.event_id = p_event_id) then
    p_message_id := null;
  end if;
  insert into public.chat_read_markers (event_id, user_id, last_read_at, last_read_message_id)
  values (p_event_id, v_uid, v_at, p_message_id)
  on conflict (event_id, user_id) do update
    set last_read_at = excluded.last_read_at, last_read_message_id = excluded.last_read_message_id
    where public.chat_read_markers.last_read_at < excluded.last_read_at;
  return public.result(true, 'Marked as read.');
end
$$;

-- Search (extended chat) in the event's live messages, newest first; RLS applies (invoker).
create function public.search_chat_messages(p_event_id uuid, p_query text, p_limit int default 50)
returns setof public.chat_messages
language plpgsql stable
set search_path = ''
as $$
declare
  v_pattern text;
begin
  perform public.require_uid();
  if not public.is_event_member(p_event_id) then
    return;
  end if;
  perform public.require_event_feature(p_event_id, 'extended_chat');
  if length(btrim(coalesce(p_query, ''))) = 0 then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select m.* from public.chat_messages m
    where m.event_id = p_event_id and m.deleted_at is null and m.body ilike v_pattern
    order by m.created_at desc, m.id desc
    limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;

-- WhatsApp import (starter; the event's managers): p_messages is
-- [{sent_at, sender_name, user_id?, body, occurrence?}], user_id being the member the organiser
-- confirmed as that sender. The import key is the hash of time, sender, text and occurrence (the
-- how-many-th identical line it is in the export), so importing the same export twice, or a longer
-- export of the same chat, adds only what is new.
create function public.import_whatsapp_messages(p_event_id uuid, p_batch_id uuid, p_messages jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_item jsonb;
  v_at timestamptz;
  v_sender text;
  v_body text;
  v_user uuid;
  v_key text;
  v_added int := 0;
  v_total int := 0;
begin
  if not public.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event creator and admins can import a chat.');
  end if;
  perform public.require_event_feature(p_event_id, 'whatsapp_import');
  if jsonb_typeof(p_messages) is distinct from 'array' or jsonb_array_length(p_messages) > 5000 then
    raise exception 'An import sends at most 5,000 messages at a time.' using errcode = '22023';
  end if;
  for v_item in select * from jsonb_array_elements(p_messages) loop
    v_total := v_total + 1;
    v_at := (v_item ->> 'sent_at')::timestamptz;
    v_sender := left(btrim(coalesce(v_item ->> 'sender_name', '')), 200);
    v_body := coalesce(v_item ->> 'body', '');
    v_user := nullif(v_item ->> 'user_id', '')::uuid;
    if v_at is null or v_sender = '' then
      raise exception 'Each imported message needs its time and sender.' using errcode = '22023';
    end if;
    if v_user is not null and not exists (select 1 from public.event_members m
        where m.event_id = p_event_id and m.user_id = v_user and m.deleted_at is null) then
      v_user := null;
    end if;
    v_key := md5(extract(epoch from v_at)::text || '|' || v_sender || '|' || v_body || '|'
      || coalesce(v_item ->> 'occurrence', '0'));
    insert into public.chat_messages (event_id, author_id, body, imported, original_sender_name, original_sent_at,
      import_batch_id, import_key, created_at)
    values (p_event_id, v_user, v_body, true, v_sender, v_at, p_batch_id, v_key, v_at)
    on conflict (event_id, import_key) do nothing;
    if found then
      v_added := v_added + 1;
    end if;
  end loop;
  return public.result(true, format('%s messages imported, %s already there.', v_added, v_total - v_added),
    jsonb_build_object('imported', v_added, 'skipped', v_total - v_added));
end
$$;

-- Copies the live items of a list into another, in order, with the ids the device chose (more
-- items than ids get new ids).
create function public.copy_checklist_items(p_from uuid, p_to uuid, p_item_ids jsonb) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.checklist_items (id, checklist_id, event_id, text, quantity, position, created_by, updated_by)
  select coalesce((p_item_ids ->> (s.n - 1)::int)::uuid, gen_random_uuid()), p_to, t.event_id, s.text, s.quantity,
    s.position, (select auth.uid()), (select auth.uid())
  from (select i.*, row_number() over (order by i.position, i.id) as n
        from public.checklist_items i where i.checklist_id = p_from and i.deleted_at is null) s
  cross join (select c.event_id from public.checklists c where c.id = p_to) t
$$;

-- Clone a list (templates and cloning, starter): same event, same items, not done. A replay
-- finds the copy already made.
create function public.clone_checklist(p_checklist_id uuid, p_new_id uuid, p_title text default null,
  p_item_ids jsonb default '[]'::jsonb, p_position text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_list public.checklists;
begin
  select * into v_list from public.checklists c where c.id = p_checklist_id;
  if not found or not public.is_event_member(v_list.event_id) then
    return public.result(false, 'This list is not in one of your events.');
  end if;
  if exists (select 1 from public.checklists c where c.id = p_new_id) then
    if exists (select 1 from public.checklists c where c.id = p_new_id and c.source_checklist_id = p_checklist_id) then
      return public.result(true, 'The list has been copied.', jsonb_build_object('id', p_new_id));
    end if;
    return public.result(false, 'That list id is already taken.');
  end if;
  perform public.require_event_feature(v_list.event_id, 'templates_cloning');
  insert into public.checklists (id, event_id, title, kind, position, created_by, source_checklist_id)
  values (p_new_id, v_list.event_id, left(coalesce(nullif(btrim(p_title), ''), v_list.title || ' (copy)'), 200),
    v_list.kind, coalesce(p_position, v_list.position || 'V'), v_uid, p_checklist_id);
  perform public.copy_checklist_items(p_checklist_id, p_new_id, coalesce(p_item_ids, '[]'::jsonb));
  return public.result(true, 'The list has been copied.', jsonb_build_object('id', p_new_id));
end
$$;

-- Save a list as a template of the caller's (starter event). A replay answers the template made.
create function public.save_checklist_template(p_checklist_id uuid, p_template_id uuid, p_title text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_list public.checklists;
begin
  select * into v_list from public.checklists c where c.id = p_checklist_id;
  if not found or not public.is_event_member(v_list.event_id) then
    return public.result(false, 'This list is not in one of your events.');
  end if;
  if exists (select 1 from public.checklist_templates t where t.id = p_template_id) then
    if exists (select 1 from public.checklist_templates t where t.id = p_template_id and t.owner_id = v_uid) then
      return public.result(true, 'Template saved.', jsonb_build_object('id', p_template_id));
    end if;
    return public.result(false, 'That template id is already taken.');
  end if;
  perform public.require_event_feature(v_list.event_id, 'templates_cloning');
  insert into public.checklist_templates (id, owner_id, title, kind, items)
  select p_template_id, v_uid, left(coalesce(nullif(btrim(p_title), ''), v_list.title), 200), v_list.kind,
    coalesce(jsonb_agg(jsonb_build_object('text', i.text, 'quantity', i.quantity) order by i.position, i.id)
      filter (where i.id is not null), '[]'::jsonb)
  from (select 1) one
  left join public.checklist_items i on i.checklist_id = p_checklist_id and i.deleted_at is null;
  return public.result(true, 'Template saved.', jsonb_build_object('id', p_template_id));
end
$$;

-- Start a list from one of the caller's templates (starter event). A replay finds the list made.
create function public.start_checklist_from_template(p_event_id uuid, p_template_id uuid, p_checklist_id uuid,
  p_item_ids jsonb default '[]'::jsonb, p_position text default 'V') returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_template public.checklist_templates;
begin
  if not public.is_event_member(p_event_id) then
    return public.result(false, 'You are not a member of this event');
  end if;
  if exists (select 1 from public.checklists c where c.id = p_checklist_id) then
    if exists (select 1 from public.checklists c where c.id = p_checklist_id and c.source_template_id = p_template_id) then
      return public.result(true, 'The list has been started from the template.', jsonb_build_object('id', p_checklist_id));
    end if;
    return public.result(false, 'That list id is already taken.');
  end if;
  select * into v_template from public.checklist_templates t
  where t.id = p_template_id and t.owner_id = v_uid and t.deleted_at is null;
  if not found then
    return public.result(false, 'This template no longer exists.');
  end if;
  perform public.require_event_feature(p_event_id, 'templates_cloning');
  insert into public.checklists (id, event_id, title, kind, position, created_by, source_template_id)
  values (p_checklist_id, p_event_id, v_template.title, v_template.kind, coalesce(p_position, 'V'), v_uid, p_template_id);
  -- positions 'V0001'.. keep the template's order and sort between any neighbours' keys
  insert into public.checklist_items (id, checklist_id, event_id, text, quantity, position, created_by, updated_by)
  select coalesce((p_item_ids ->> (e.n - 1)::int)::uuid, gen_random_uuid()), p_checklist_id, p_event_id,
    left(coalesce(nullif(btrim(e.item ->> 'text'), ''), '?'), 500),
    greatest(1, least(100000, coalesce((e.item ->> 'quantity')::int, 1))),
    'V' || lpad(e.n::text, 5, '0') || 'V', v_uid, v_uid
  from jsonb_array_elements(v_template.items) with ordinality as e(item, n);
  return public.result(true, 'The list has been started from the template.', jsonb_build_object('id', p_checklist_id));
end
$$;

-- Duplicate a template (organizer, by the caller's own tier). A replay answers the copy made.
create function public.duplicate_checklist_template(p_template_id uuid, p_new_id uuid, p_title text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_template public.checklist_templates;
  v_tier text;
begin
  select * into v_template from public.checklist_templates t
  where t.id = p_template_id and t.owner_id = v_uid and t.deleted_at is null;
  if not found then
    return public.result(false, 'This template no longer exists.');
  end if;
  if exists (select 1 from public.checklist_templates t where t.id = p_new_id) then
    if exists (select 1 from public.checklist_templates t
               where t.id = p_new_id and t.owner_id = v_uid and t.source_template_id = p_template_id) then
      return public.result(true, 'Template duplicated.', jsonb_build_object('id', p_new_id));
    end if;
    return public.result(false, 'That template id is already taken.');
  end if;
  select p.subscription_tier into v_tier from public.profiles p where p.id = v_uid;
  if public.tier_rank(v_tier) < public.tier_rank(public.feature_required_tier('duplicate_templates')) then
    raise exception 'Upgrade to organizer to unlock this feature' using errcode = 'P0001', detail = 'feature: duplicate_templates';
  end if;
  insert into public.checklist_templates (id, owner_id, title, kind, items, source_template_id)
  values (p_new_id, v_uid, left(coalesce(nullif(btrim(p_title), ''), v_template.title || ' (copy)'), 200),
    v_template.kind, v_template.items, p_template_id);
  return public.result(true, 'Template duplicated.', jsonb_build_object('id', p_new_id));
end
$$;

-- Assignees of a schedule item (extended schedule): whoever may change the item, or a member
-- for themselves. On or off; a replay answers the state reached.
create function public.set_schedule_assignee(p_item_id uuid, p_user_id uuid, p_assigned boolean default true) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_item public.schedule_items;
begin
  select * into v_item from public.schedule_items s where s.id = p_item_id;
  if not found or not public.is_event_member(v_item.event_id) then
    return public.result(false, 'This item is not in one of your events.');
  end if;
  if p_user_id <> v_uid and v_item.created_by is distinct from v_uid and not public.is_event_manager(v_item.event_id) then
    return public.result(false, 'Only the event''s managers and the person who added an item can assign others to it.');
  end if;
  perform public.require_event_feature(v_item.event_id, 'extended_schedule');
  if p_assigned then
    if v_item.deleted_at is not null then
      return public.result(false, 'This item has been deleted.');
    end if;
    if not exists (select 1 from public.event_members m
                   where m.event_id = v_item.event_id and m.user_id = p_user_id and m.deleted_at is null) then
      return public.result(false, 'Items can only be assigned to members of the event.');
    end if;
    insert into public.schedule_item_assignees (item_id, event_id, user_id)
    values (p_item_id, v_item.event_id, p_user_id)
    on conflict (item_id, user_id) do update set deleted_at = null
      where public.schedule_item_assignees.deleted_at is not null;
  else
    update public.schedule_item_assignees a set deleted_at = clock_timestamp()
    where a.item_id = p_item_id and a.user_id = p_user_id and a.deleted_at is null;
  end if;
  return public.result(true, case when p_assigned then 'Assigned.' else 'Unassigned.' end);
end
$$;

revoke execute on function public.event_has_feature(uuid, text), public.require_event_feature(uuid, text),
  public.keep_tombstone(), public.chat_messages_rules(), public.checklists_rules(), public.checklist_items_rules(),
  public.schedule_items_rules(), public.copy_checklist_items(uuid, uuid, jsonb), public.cascade_soft_delete()
  from public, anon, authenticated;
revoke execute on function public.set_chat_reaction(uuid, text, boolean), public.mark_chat_read(uuid, timestamptz, uuid),
  public.search_chat_messages(uuid, text, int), public.import_whatsapp_messages(uuid, uuid, jsonb),
  public.clone_checklist(uuid, uuid, text, jsonb, text), public.save_checklist_template(uuid, uuid, text),
  public.start_checklist_from_template(uuid, uuid, uuid, jsonb, text),
  public.duplicate_checklist_template(uuid, uuid, text), public.set_schedule_assignee(uuid, uuid, boolean)
  from public, anon;
grant execute on function public.set_chat_reaction(uuid, text, boolean), public.mark_chat_read(uuid, timestamptz, uuid),
  public.search_chat_messages(uuid, text, int), public.import_whatsapp_messages(uuid, uuid, jsonb),
  public.clone_checklist(uuid, uuid, text, jsonb, text), public.save_checklist_template(uuid, uuid, text),
  public.start_checklist_from_template(uuid, uuid, uuid, jsonb, text),
  public.duplicate_checklist_template(uuid, uuid, text), public.set_schedule_assignee(uuid, uuid, boolean)
  to authenticated, service_role;
-- search_chat_messages is security invoker and calls these two for the caller.
grant execute on function public.event_has_feature(uuid, text), public.require_event_feature(uuid, text)
  to authenticated, service_role;

-- Realtime ----------------------------------------------------------------------------------------------
alter table public.chat_messages replica identity full;
alter table public.chat_reactions replica identity full;
alter table public.chat_read_markers replica identity full;
alter table public.checklists replica identity full;
alter table public.checklist_items replica identity full;
alter table public.checklist_templates replica identity full;
alter table public.schedule_items replica identity full;
alter table public.schedule_item_assignees replica identity full;
alter publication supabase_realtime add table
  public.chat_messages, public.chat_reactions, public.chat_read_markers, public.checklists, public.checklist_items,
  public.checklist_templates, public.schedule_items, public.schedule_item_assignees;
