-- Transport (issue 8), basic transport (starter): rides offered by members of an event, seats
-- claimed and released by members.
--
-- Who may do what: every member of the event reads its rides and who sits where. A member offers
-- a ride as its driver; the driver or the event's managers change or cancel it. Seats are taken
-- and given back only through claim_ride_seat / release_ride_seat: a member claims a seat for
-- themselves (one ride per member and event, never their own ride), and releases their own seat;
-- the driver and the managers may also take a passenger off a ride.
--
-- The seat limit: a claim locks the ride row (select ... for update) before counting, so two
-- members taking the last seat at once are served one after the other and the second is refused
-- ('This ride is full.'); a trigger on ride_passengers checks the same under the same lock for
-- any other writer, and lowering a ride's seats below its passengers is refused.
--
-- On a free event every write is refused with 'Upgrade to starter to unlock this feature' (the
-- event's access_tier decides, like the other tier features). Rows created on a device carry the
-- id the device gave them (a replayed insert is the same row); cancelled rides and released seats
-- stay as tombstones (deleted_at) for the delta pull. Departure times are the wall-clock time at
-- the place of departure (timestamp without time zone), like the schedule's.

create table public.rides (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  driver_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  vehicle text check (vehicle is null or length(vehicle) <= 100),
  seats int not null check (seats between 1 and 50),
  departure_place text not null check (length(btrim(departure_place)) between 1 and 200),
  departs_at timestamp not null,
  notes text check (notes is null or length(notes) <= 2000),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index rides_event_idx on public.rides (event_id, departs_at);
create index rides_updated_at_idx on public.rides (updated_at, id);
comment on table public.rides is 'Rides to an event: the driver, the vehicle, the free seats, where and when it leaves.';

create table public.ride_passengers (
  id uuid not null default gen_random_uuid() unique,
  ride_id uuid not null references public.rides (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (ride_id, user_id)
);
create index ride_passengers_event_idx on public.ride_passengers (event_id, user_id);
create index ride_passengers_updated_at_idx on public.ride_passengers (updated_at, id);
comment on table public.ride_passengers is 'Who has a seat in which ride; a released seat is a tombstone.';

create trigger rides_updated_at before update on public.rides for each row execute function public.set_updated_at();
create trigger ride_passengers_updated_at before update on public.ride_passengers
  for each row execute function public.set_updated_at();
create trigger rides_a_tombstone before update on public.rides
  for each row execute function public.keep_tombstone();

-- Rules of a ride: the tier, the driver is a member, an event's ride stays in its event, and the
-- seats never drop below the passengers already on board.
create function public.rides_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_taken int;
begin
  perform public.require_event_feature(new.event_id, 'basic_transport');
  if tg_op = 'UPDATE' then
    if new.event_id is distinct from old.event_id or new.driver_id is distinct from old.driver_id then
      raise exception 'A ride stays with its event and its driver.' using errcode = 'P0001';
    end if;
    if new.deleted_at is null and new.seats < old.seats then
      select count(*) into v_taken from public.ride_passengers p
      where p.ride_id = new.id and p.deleted_at is null;
      if new.seats < v_taken then
        raise exception '%', format('This ride already has %s passengers; it needs at least %s seats.', v_taken, v_taken)
          using errcode = 'P0001';
      end if;
    end if;
  elsif not exists (
    select 1 from public.event_members m where m.event_id = new.event_id and m.user_id = new.driver_id
  ) then
    raise exception 'Only members of the event can offer a ride.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger rides_b_rules before insert or update on public.rides
  for each row execute function public.rides_rules();

-- A cancelled ride gives every seat back.
create function public.rides_release_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.ride_passengers set deleted_at = clock_timestamp()
  where ride_id = new.id and deleted_at is null;
  return null;
end
$$;
create trigger rides_c_release_seats after update of deleted_at on public.rides
  for each row when (new.deleted_at is not null and old.deleted_at is null)
  execute function public.rides_release_seats();

-- The seat limit for every writer: under the ride's row lock, a seat taken (inserted, or a
-- released one taken again) must fit.
create function public.ride_passengers_capacity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ride public.rides;
  v_taken int;
begin
  if new.deleted_at is not null or (tg_op = 'UPDATE' and old.deleted_at is null) then
    return new;
  end if;
  select * into v_ride from public.rides r where r.id = new.ride_id for update;
  if v_ride.deleted_at is not null then
    raise exception 'This ride has been cancelled.' using errcode = 'P0001';
  end if;
  select count(*) into v_taken from public.ride_passengers p
  where p.ride_id = new.ride_id and p.deleted_at is null and p.user_id <> new.user_id;
  if v_taken >= v_ride.seats then
    raise exception 'This ride is full.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger ride_passengers_capacity before insert or update on public.ride_passengers
  for each row execute function public.ride_passengers_capacity();

-- Row-level security and privileges ---------------------------------------------------------------
alter table public.rides enable row level security;
alter table public.ride_passengers enable row level security;

revoke all on public.rides, public.ride_passengers from anon, authenticated;
grant select on public.rides, public.ride_passengers to authenticated;
-- driver_id comes from its default (the caller); seats are taken through the procedures only.
grant insert (id, event_id, vehicle, seats, departure_place, departs_at, notes) on public.rides to authenticated;
grant update (vehicle, seats, departure_place, departs_at, notes, deleted_at) on public.rides to authenticated;

create policy "Members can read their events' rides" on public.rides
  for select to authenticated using (public.is_event_member(event_id));
create policy "Members can offer rides they drive" on public.rides
  for insert to authenticated with check (driver_id = (select auth.uid()) and public.is_event_member(event_id));
create policy "Drivers and managers can change rides" on public.rides
  for update to authenticated
  using (public.is_event_member(event_id) and (driver_id = (select auth.uid()) or public.is_event_manager(event_id)))
  with check (public.is_event_member(event_id));

create policy "Members can read who rides with whom" on public.ride_passengers
  for select to authenticated using (public.is_event_member(event_id));

-- Procedures ------------------------------------------------------------------------------------------
-- Claiming a seat for oneself. A replay (the seat is already the caller's) answers success.
create function public.claim_ride_seat(p_ride_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_ride public.rides;
  v_taken int;
begin
  select * into v_ride from public.rides r where r.id = p_ride_id for update;
  if not found or not public.is_event_member(v_ride.event_id) then
    return public.result(false, 'This ride is not in one of your events.');
  end if;
  if v_ride.deleted_at is not null then
    return public.result(false, 'This ride has been cancelled.');
  end if;
  perform public.require_event_feature(v_ride.event_id, 'basic_transport');
  if exists (select 1 from public.ride_passengers p
             where p.ride_id = p_ride_id and p.user_id = v_uid and p.deleted_at is null) then
    return public.result(true, 'You have a seat in this ride.');
  end if;
  if v_ride.driver_id = v_uid then
    return public.result(false, 'You are driving this ride.');
  end if;
  if exists (select 1 from public.rides r where r.event_id = v_ride.event_id and r.driver_id = v_uid
             and r.deleted_at is null) then
    return public.result(false, 'You are driving a ride to this event.');
  end if;
  if exists (select 1 from public.ride_passengers p join public.rides r on r.id = p.ride_id
             where p.event_id = v_ride.event_id and p.user_id = v_uid and p.deleted_at is null
               and r.deleted_at is null) then
    return public.result(false, 'You already have a seat in another ride. Give it up first.');
  end if;
  select count(*) into v_taken from public.ride_passengers p where p.ride_id = p_ride_id and p.deleted_at is null;
  if v_taken >= v_ride.seats then
    return public.result(false, 'This ride is full.');
  end if;
  insert into public.ride_passengers (ride_id, event_id, user_id) values (p_ride_id, v_ride.event_id, v_uid)
  on conflict (ride_id, user_id) do update set deleted_at = null
    where public.ride_passengers.deleted_at is not null;
  return public.result(true, 'Seat claimed.');
end
$$;
comment on function public.claim_ride_seat(uuid) is 'Takes a seat in a ride for the caller, under the ride''s row lock.';

-- Giving a seat back: one's own, or (the driver, the managers) anyone's. A replay answers success.
create function public.release_ride_seat(p_ride_id uuid, p_user_id uuid default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_user uuid := coalesce(p_user_id, v_uid);
  v_ride public.rides;
begin
  select * into v_ride from public.rides r where r.id = p_ride_id;
  if not found or not public.is_event_member(v_ride.event_id) then
    return public.result(false, 'This ride is not in one of your events.');
  end if;
  if v_user <> v_uid and v_ride.driver_id <> v_uid and not public.is_event_manager(v_ride.event_id) then
    return public.result(false, 'Only the driver and the event''s managers can take others off a ride.');
  end if;
  update public.ride_passengers p set deleted_at = clock_timestamp()
  where p.ride_id = p_ride_id and p.user_id = v_user and p.deleted_at is null;
  return public.result(true, 'Seat released.');
end
$$;
comment on function public.release_ride_seat(uuid, uuid) is 'Gives a seat in a ride back (one''s own, or as driver or manager anyone''s).';

revoke execute on function public.rides_rules(), public.rides_release_seats(), public.ride_passengers_capacity()
  from public, anon, authenticated;
revoke execute on function public.claim_ride_seat(uuid), public.release_ride_seat(uuid, uuid) from public, anon;
grant execute on function public.claim_ride_seat(uuid), public.release_ride_seat(uuid, uuid)
  to authenticated, service_role;

-- Realtime ----------------------------------------------------------------------------------------------
alter table public.rides replica identity full;
alter table public.ride_passengers replica identity full;
alter publication supabase_realtime add table public.rides, public.ride_passengers;
