-- The site planner (issue 8), basic site planner (starter): a plan of the site to scale, in
-- metres, with the items the crew places on it (tents, cars, gazebos, the kitchen, the fire,
-- toilets, a stage, free labels), each assignable to a member.
--
-- Who may do what: members read the plan and its items, and place, move, change and remove items;
-- the event's managers set the plan's size. On a free event every write is refused with 'Upgrade to
-- starter to unlock this feature'.
--
-- Moves: each item is its own row, so two members moving different items both keep their moves.
-- A move carries `moved_at`, the time the member made it on their device; a move older than the
-- one the row already has is ignored (its position fields keep the newer values), so of two moves
-- of the same item the later one wins even when it reaches the server first.

create table public.site_plans (
  event_id uuid primary key references public.events (id) on delete cascade,
  width_m int not null default 60 check (width_m between 5 and 1000),
  height_m int not null default 40 check (height_m between 5 and 1000),
  updated_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index site_plans_updated_at_idx on public.site_plans (updated_at, event_id);
comment on table public.site_plans is 'The size of an event''s site plan, in metres.';

create table public.site_items (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  kind text not null check (kind in ('tent', 'car', 'gazebo', 'kitchen', 'fire', 'toilets', 'stage', 'label')),
  label text check (label is null or length(label) <= 80),
  x_m numeric(8, 2) not null check (x_m between -1000 and 2000),
  y_m numeric(8, 2) not null check (y_m between -1000 and 2000),
  width_m numeric(6, 2) not null check (width_m between 0.5 and 200),
  height_m numeric(6, 2) not null check (height_m between 0.5 and 200),
  rotation int not null default 0 check (rotation between 0 and 359),
  assignee_id uuid references public.profiles (id) on delete set null,
  moved_at timestamptz not null default clock_timestamp(),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index site_items_event_idx on public.site_items (event_id);
create index site_items_updated_at_idx on public.site_items (updated_at, id);
comment on table public.site_items is 'What is placed on a site plan: position (centre), size and rotation in metres and degrees.';

create trigger site_plans_updated_at before update on public.site_plans for each row execute function public.set_updated_at();
create trigger site_items_updated_at before update on public.site_items for each row execute function public.set_updated_at();
create trigger site_items_a_tombstone before update on public.site_items
  for each row execute function public.keep_tombstone();

create function public.site_plans_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.event_id is distinct from old.event_id then
    raise exception 'A site plan stays with its event.' using errcode = 'P0001';
  end if;
  perform public.require_event_feature(new.event_id, 'basic_site_planner');
  return new;
end
$$;
create trigger site_plans_b_rules before insert or update on public.site_plans
  for each row execute function public.site_plans_rules();

-- An item: the tier, an assignee who is a member, and the later move wins.
create function public.site_items_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.event_id is distinct from old.event_id then
    raise exception 'An item stays on its event''s plan.' using errcode = 'P0001';
  end if;
  if new.deleted_at is not null then
    return new;
  end if;
  perform public.require_event_feature(new.event_id, 'basic_site_planner');
  if new.assignee_id is not null and not exists (
    select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.assignee_id
      and m.deleted_at is null
  ) then
    raise exception 'Items can only be assigned to members of the event.' using errcode = 'P0001';
  end if;
  if tg_op = 'UPDATE' and new.moved_at < old.moved_at then
    -- An older move arriving late: the newer position stays.
    new.x_m := old.x_m;
    new.y_m := old.y_m;
    new.width_m := old.width_m;
    new.height_m := old.height_m;
    new.rotation := old.rotation;
    new.moved_at := old.moved_at;
  end if;
  return new;
end
$$;
create trigger site_items_b_rules before insert or update on public.site_items
  for each row execute function public.site_items_rules();

-- Row-level security and privileges ---------------------------------------------------------------
alter table public.site_plans enable row level security;
alter table public.site_items enable row level security;

revoke all on public.site_plans, public.site_items from anon, authenticated;
grant select on public.site_plans, public.site_items to authenticated;
grant insert (event_id, width_m, height_m) on public.site_plans to authenticated;
-- An upsert sets every column it sends, the key too (the trigger keeps a plan with its event).
grant update (event_id, width_m, height_m) on public.site_plans to authenticated;
grant insert (id, event_id, kind, label, x_m, y_m, width_m, height_m, rotation, assignee_id, moved_at)
  on public.site_items to authenticated;
grant update (label, x_m, y_m, width_m, height_m, rotation, assignee_id, moved_at, deleted_at)
  on public.site_items to authenticated;

create policy "Members can read their events' site plans" on public.site_plans
  for select to authenticated using (public.is_event_member(event_id));
create policy "Managers can set the size of the site plan" on public.site_plans
  for insert to authenticated with check (public.is_event_manager(event_id));
create policy "Managers can change the size of the site plan" on public.site_plans
  for update to authenticated using (public.is_event_manager(event_id)) with check (public.is_event_manager(event_id));

create policy "Members can read their events' site items" on public.site_items
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can place items" on public.site_items
  for insert to authenticated with check (created_by = (select auth.uid()) and public.is_event_member(event_id));
create policy "Members can move, change and remove items" on public.site_items
  for update to authenticated using (public.is_event_member(event_id)) with check (public.is_event_member(event_id));

revoke execute on function public.site_plans_rules(), public.site_items_rules() from public, anon, authenticated;

-- Realtime ----------------------------------------------------------------------------------------------
alter table public.site_plans replica identity full;
alter table public.site_items replica identity full;
alter publication supabase_realtime add table public.site_plans, public.site_items;
