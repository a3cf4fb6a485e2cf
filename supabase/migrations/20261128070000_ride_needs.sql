-- Ride needs (issue 21): each member says, per event, "I need a ride" (needs_ride) or "Going on my
-- own" (own_way); no row (or a tombstone) is undecided. Every member of the event reads them, so
-- drivers see who still needs a ride; a member writes only their own row (user_id comes from its
-- default, the caller). Taking a seat in a ride ends "needs a ride" (trigger on ride_passengers),
-- so drivers never see someone already seated. Clearing the status is a tombstone (deleted_at) for
-- the delta pull; setting it again revives the row (upsert on the primary key).

create table public.ride_needs (
  id uuid not null default gen_random_uuid() unique,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  status text not null check (status in ('needs_ride', 'own_way')),
  note text check (note is null or length(note) <= 200),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (event_id, user_id)
);
create index ride_needs_user_id_idx on public.ride_needs (user_id);
create index ride_needs_updated_at_idx on public.ride_needs (updated_at, id);
comment on table public.ride_needs is 'Per member and event: needs a ride, or goes on their own; a cleared status is a tombstone.';

create trigger ride_needs_updated_at before update on public.ride_needs
  for each row execute function public.set_updated_at();

-- The rules: transport's tier, the row stays with its event and member, and its member is in the event.
create function public.ride_needs_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_event_feature(new.event_id, 'basic_transport');
  if tg_op = 'UPDATE' and (new.event_id is distinct from old.event_id or new.user_id is distinct from old.user_id) then
    raise exception 'A ride status stays with its event and its member.' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.user_id) then
    raise exception 'Only members of the event can say how they get there.' using errcode = 'P0001';
  end if;
  if new.note is not null then
    new.note := nullif(btrim(new.note), '');
  end if;
  return new;
end
$$;
create trigger ride_needs_rules before insert or update on public.ride_needs
  for each row execute function public.ride_needs_rules();

-- A seat taken (inserted, or a released one taken again) ends its passenger's "needs a ride".
create function public.ride_passengers_clear_need() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.ride_needs n set deleted_at = clock_timestamp()
  where n.event_id = new.event_id and n.user_id = new.user_id and n.status = 'needs_ride' and n.deleted_at is null;
  return null;
end
$$;
create trigger ride_passengers_clear_need after insert or update of deleted_at on public.ride_passengers
  for each row when (new.deleted_at is null) execute function public.ride_passengers_clear_need();

alter table public.ride_needs enable row level security;
revoke all on public.ride_needs from anon, authenticated;
grant select on public.ride_needs to authenticated;
grant insert (id, event_id, status, note, deleted_at) on public.ride_needs to authenticated;
grant update (event_id, status, note, deleted_at) on public.ride_needs to authenticated;

create policy "Members can read their events' ride needs" on public.ride_needs
  for select to authenticated using (private.is_event_member(event_id));
create policy "Members can say how they get there" on public.ride_needs
  for insert to authenticated with check (user_id = (select auth.uid()) and private.is_event_member(event_id));
create policy "Members can change how they get there" on public.ride_needs
  for update to authenticated
  using (user_id = (select auth.uid()) and private.is_event_member(event_id))
  with check (user_id = (select auth.uid()));
-- Like every table under RLS (20261126100100): a suspended account reaches nothing.
create policy "Suspended accounts have no access" on public.ride_needs as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));

revoke execute on function public.ride_needs_rules(), public.ride_passengers_clear_need()
  from public, anon, authenticated;

alter table public.ride_needs replica identity full;
alter publication supabase_realtime add table public.ride_needs;
