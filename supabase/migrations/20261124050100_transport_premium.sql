-- Premium transport (issue 8, organizer): return trips, pick-up points and a ride's costs split
-- into an expense. Columns on the existing tables, so that the device keeps the same tables.
--
-- - rides.direction: 'outbound' (to the event, every ride so far) or 'return' (home). One ride per
--   member and event becomes one ride per member and direction: a member may sit in (or drive) one
--   ride there and one ride back. A ride's direction changes only while it has no passengers.
-- - rides.stops: the pick-up points along the way, in order, as [{id, place, time}] (the id is
--   made by the device, `time` is the wall-clock 'HH:MM' at the stop or null); at most 10.
--   ride_passengers.pickup_stop_id: the stop where a passenger gets on (null: the departure place),
--   chosen through choose_ride_pickup; a stop removed from the ride drops the choices of it.
-- - rides.cost_split: {expense_id, fuel_minor, toll_minor} once the driver or a manager split the
--   ride's fuel and toll among its people. The expense itself is an ordinary equal split recorded
--   through the expenses table (and its rules) first; the ride only points at it, and the pointer
--   must name an expense of the same event whose amount is fuel + toll.
--
-- The tier: storing a return trip, a pick-up point, a pick-up choice or a cost split needs the
-- event's premium_transport (organizer), for every writer, with 'Upgrade to organizer to unlock
-- this feature'. Only a change that adds one of these is checked: after a downgrade the data stays
-- (never deleted, only gated), the rides can still be changed or cancelled, and stops or a split
-- can be removed.

alter table public.rides
  add column direction text not null default 'outbound' check (direction in ('outbound', 'return')),
  add column stops jsonb not null default '[]'::jsonb check (jsonb_typeof(stops) = 'array'),
  add column cost_split jsonb check (cost_split is null or jsonb_typeof(cost_split) = 'object');
alter table public.ride_passengers
  add column pickup_stop_id text check (pickup_stop_id is null or length(pickup_stop_id) between 1 and 64);

comment on column public.rides.direction is 'outbound: to the event; return: home from it.';
comment on column public.rides.stops is 'Pick-up points in order: [{id, place, time (HH:MM or null)}].';
comment on column public.rides.cost_split is 'The expense the ride''s fuel and toll were split into: {expense_id, fuel_minor, toll_minor}.';
comment on column public.ride_passengers.pickup_stop_id is 'The stop (rides.stops[].id) where the passenger gets on; null: the departure place.';

-- Rules of the premium fields: the tier when one is added, the shape of the stops and of the split,
-- and the direction kept while passengers are on board.
create function public.rides_premium_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expense public.expenses;
  v_fuel numeric;
  v_toll numeric;
begin
  if tg_op = 'UPDATE' and new.deleted_at is not null then
    return new;
  end if;
  if (new.direction = 'return' and (tg_op = 'INSERT' or old.direction is distinct from 'return'))
     or (jsonb_array_length(new.stops) > 0 and (tg_op = 'INSERT' or new.stops is distinct from old.stops))
     or (new.cost_split is not null and (tg_op = 'INSERT' or new.cost_split is distinct from old.cost_split)) then
    perform public.require_event_feature(new.event_id, 'premium_transport');
  end if;

  if tg_op = 'UPDATE' and new.direction is distinct from old.direction
     and exists (select 1 from public.ride_passengers p where p.ride_id = new.id and p.deleted_at is null) then
    raise exception 'This ride has passengers; its direction can only change while it has none.' using errcode = 'P0001';
  end if;

  if tg_op = 'INSERT' or new.stops is distinct from old.stops then
    if jsonb_array_length(new.stops) > 10 then
      raise exception 'A ride can have at most 10 pick-up points.' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from jsonb_array_elements(new.stops) s
      where jsonb_typeof(s) <> 'object'
        or jsonb_typeof(s -> 'id') is distinct from 'string' or length(s ->> 'id') not between 1 and 64
        or jsonb_typeof(s -> 'place') is distinct from 'string' or length(btrim(s ->> 'place')) not between 1 and 200
        or (s -> 'time' is not null and jsonb_typeof(s -> 'time') <> 'null'
            and (jsonb_typeof(s -> 'time') <> 'string' or (s ->> 'time') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'))
    ) then
      raise exception 'Each pick-up point has a place (up to 200 characters) and, if given, a time HH:MM.'
        using errcode = 'P0001';
    end if;
    if (select count(distinct s ->> 'id') from jsonb_array_elements(new.stops) s) <> jsonb_array_length(new.stops) then
      raise exception 'Each pick-up point of a ride needs its own id.' using errcode = 'P0001';
    end if;
  end if;

  if new.cost_split is not null and (tg_op = 'INSERT' or new.cost_split is distinct from old.cost_split) then
    if jsonb_typeof(new.cost_split -> 'expense_id') is distinct from 'string'
       or (new.cost_split ->> 'expense_id') !~ '^[0-9a-fA-F-]{36}$'
       or jsonb_typeof(new.cost_split -> 'fuel_minor') is distinct from 'number'
       or jsonb_typeof(new.cost_split -> 'toll_minor') is distinct from 'number' then
      raise exception 'A cost split names its expense and the fuel and toll in cents.' using errcode = 'P0001';
    end if;
    v_fuel := (new.cost_split ->> 'fuel_minor')::numeric;
    v_toll := (new.cost_split ->> 'toll_minor')::numeric;
    if v_fuel < 0 or v_toll < 0 or v_fuel <> trunc(v_fuel) or v_toll <> trunc(v_toll) or v_fuel + v_toll < 1 then
      raise exception 'Fuel and toll are whole, non-negative numbers of cents, together more than 0.'
        using errcode = 'P0001';
    end if;
    select * into v_expense from public.expenses e
    where e.id = (new.cost_split ->> 'expense_id')::uuid and e.event_id = new.event_id and e.deleted_at is null;
    if not found then
      raise exception 'The expense of this cost split is not in the event.' using errcode = 'P0001';
    end if;
    if v_expense.amount_minor <> v_fuel + v_toll then
      raise exception '%', format('The expense is %s cents, not the %s of fuel and toll.', v_expense.amount_minor, v_fuel + v_toll)
        using errcode = 'P0001';
    end if;
  end if;
  return new;
end
$$;
create trigger rides_b_premium before insert or update on public.rides
  for each row execute function public.rides_premium_rules();

-- A stop taken off a ride: its passengers get on at the departure place again.
create function public.rides_drop_removed_pickups() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.ride_passengers p set pickup_stop_id = null
  where p.ride_id = new.id and p.pickup_stop_id is not null
    and not exists (select 1 from jsonb_array_elements(new.stops) s where s ->> 'id' = p.pickup_stop_id);
  return null;
end
$$;
create trigger rides_d_drop_removed_pickups after update of stops on public.rides
  for each row when (new.stops is distinct from old.stops)
  execute function public.rides_drop_removed_pickups();

-- A pick-up choice for every writer: a stop of the ride, on an organizer event.
create function public.ride_passengers_pickup_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.pickup_stop_id is null or (tg_op = 'UPDATE' and new.pickup_stop_id is not distinct from old.pickup_stop_id) then
    return new;
  end if;
  perform public.require_event_feature(new.event_id, 'premium_transport');
  if not exists (select 1 from public.rides r, jsonb_array_elements(r.stops) s
                 where r.id = new.ride_id and s ->> 'id' = new.pickup_stop_id) then
    raise exception 'This pick-up point is not on the ride.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger ride_passengers_pickup before insert or update on public.ride_passengers
  for each row execute function public.ride_passengers_pickup_rules();

grant insert (direction, stops) on public.rides to authenticated;
grant update (direction, stops, cost_split) on public.rides to authenticated;

-- Claiming a seat, now one ride per member and direction; a seat taken again starts at the
-- departure place. A replay (the seat is already the caller's) answers success.
create or replace function public.claim_ride_seat(p_ride_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_ride public.rides;
  v_taken int;
  v_back boolean;
begin
  select * into v_ride from public.rides r where r.id = p_ride_id for update;
  if not found or not public.is_event_member(v_ride.event_id) then
    return public.result(false, 'This ride is not in one of your events.');
  end if;
  if v_ride.deleted_at is not null then
    return public.result(false, 'This ride has been cancelled.');
  end if;
  perform public.require_event_feature(v_ride.event_id, 'basic_transport');
  v_back := v_ride.direction = 'return';
  if exists (select 1 from public.ride_passengers p
             where p.ride_id = p_ride_id and p.user_id = v_uid and p.deleted_at is null) then
    return public.result(true, 'You have a seat in this ride.');
  end if;
  if v_ride.driver_id = v_uid then
    return public.result(false, 'You are driving this ride.');
  end if;
  if exists (select 1 from public.rides r where r.event_id = v_ride.event_id and r.driver_id = v_uid
             and r.direction = v_ride.direction and r.deleted_at is null) then
    return public.result(false, case when v_back then 'You are driving a ride back from this event.'
                                     else 'You are driving a ride to this event.' end);
  end if;
  if exists (select 1 from public.ride_passengers p join public.rides r on r.id = p.ride_id
             where p.event_id = v_ride.event_id and p.user_id = v_uid and p.deleted_at is null
               and r.deleted_at is null and r.direction = v_ride.direction) then
    return public.result(false, case when v_back then 'You already have a seat in another ride back. Give it up first.'
                                     else 'You already have a seat in another ride. Give it up first.' end);
  end if;
  select count(*) into v_taken from public.ride_passengers p where p.ride_id = p_ride_id and p.deleted_at is null;
  if v_taken >= v_ride.seats then
    return public.result(false, 'This ride is full.');
  end if;
  insert into public.ride_passengers (ride_id, event_id, user_id) values (p_ride_id, v_ride.event_id, v_uid)
  on conflict (ride_id, user_id) do update set deleted_at = null, pickup_stop_id = null
    where public.ride_passengers.deleted_at is not null;
  return public.result(true, 'Seat claimed.');
end
$$;

-- Choosing where one gets on (a stop's id), or the departure place again (null). Choosing what is
-- already chosen changes nothing and answers success, so a replay changes the server once.
create function public.choose_ride_pickup(p_ride_id uuid, p_stop_id text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_ride public.rides;
  v_seat public.ride_passengers;
begin
  select * into v_ride from public.rides r where r.id = p_ride_id;
  if not found or not public.is_event_member(v_ride.event_id) then
    return public.result(false, 'This ride is not in one of your events.');
  end if;
  select * into v_seat from public.ride_passengers p
  where p.ride_id = p_ride_id and p.user_id = v_uid and p.deleted_at is null;
  if not found or v_ride.deleted_at is not null then
    return public.result(false, 'You have no seat in this ride.');
  end if;
  if v_seat.pickup_stop_id is not distinct from p_stop_id then
    return public.result(true, 'Pick-up point saved.');
  end if;
  if p_stop_id is not null then
    perform public.require_event_feature(v_ride.event_id, 'premium_transport');
    if not exists (select 1 from jsonb_array_elements(v_ride.stops) s where s ->> 'id' = p_stop_id) then
      return public.result(false, 'This pick-up point is no longer on the ride.');
    end if;
  end if;
  update public.ride_passengers p set pickup_stop_id = p_stop_id
  where p.ride_id = p_ride_id and p.user_id = v_uid;
  return public.result(true, 'Pick-up point saved.');
end
$$;
comment on function public.choose_ride_pickup(uuid, text) is 'Sets where the caller gets on a ride (a stop''s id), or the departure place (null).';

revoke execute on function public.rides_premium_rules(), public.rides_drop_removed_pickups(),
  public.ride_passengers_pickup_rules() from public, anon, authenticated;
revoke execute on function public.choose_ride_pickup(uuid, text) from public, anon;
grant execute on function public.choose_ride_pickup(uuid, text) to authenticated, service_role;
