-- The rules of events and their members, enforced in the database for every writer (REST,
-- procedures, server functions): the creator's membership, the event's access tier following the
-- creator's tier, status/deleted_at agreeing, and the limits of spec section 9 (values in
-- public.tier_limits, decisions "Tiers"). Limit errors are raised with errcode P0001 (REST: 400)
-- and a message that names the plan, the limit and the way up.
--
-- Two kinds of trigger: the limits are security definer (they count rows the caller may not see
-- and lock the event row); the "client rules" are security invoker, so `current_user` tells a
-- direct REST write (authenticated) from a procedure or the service role, which check their own.

create function public.tier_rank(p_tier text) returns int
language sql immutable
set search_path = ''
as $$ select case p_tier when 'free' then 0 when 'starter' then 1 when 'organizer' then 2 end $$;

create function public.tier_upgrade(p_tier text) returns text
language sql immutable
set search_path = ''
as $$ select case p_tier when 'free' then 'starter' when 'starter' then 'organizer' end $$;

create function public.tier_limits_of(p_tier text) returns public.tier_limits
language sql stable security definer
set search_path = ''
as $$ select * from public.tier_limits where tier = coalesce(p_tier, 'free') $$;

comment on function public.tier_rank(text) is 'Orders tiers: free 0, starter 1, organizer 2.';
comment on function public.tier_upgrade(text) is 'The next tier up, or null for the top one.';
comment on function public.tier_limits_of(text) is 'The limits row of a tier (free when null).';

-- Status and deleted_at say the same thing (spec section 4: deleting sets both).
update public.events set deleted_at = coalesce(deleted_at, clock_timestamp()) where status = 'deleted';
update public.events set status = 'deleted' where deleted_at is not null and status <> 'deleted';
alter table public.events add constraint events_deleted_consistent check ((status = 'deleted') = (deleted_at is not null));

-- events ---------------------------------------------------------------------------------------
create function public.events_client_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated'
    and (new.status = 'deleted' or new.deleted_at is not null) is distinct from (old.status = 'deleted')
    and old.created_by is distinct from auth.uid() then
    raise exception 'Only the event creator can delete or restore this event.' using errcode = '42501';
  end if;
  return new;
end
$$;

create function public.events_enforce_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_creator_tier text;
  v_limits public.tier_limits;
  v_count int;
  v_days int;
  v_up text;
begin
  -- access_tier follows the creator's tier; nobody sets it by hand
  if tg_op = 'INSERT' or new.created_by is distinct from old.created_by then
    select p.subscription_tier into v_creator_tier from public.profiles p where p.id = new.created_by;
    new.access_tier := coalesce(v_creator_tier, 'free');
  end if;

  -- status and deleted_at: either one may be what the client sent
  if tg_op = 'UPDATE' then
    if new.deleted_at is not null and old.deleted_at is null and new.status = old.status then
      new.status := 'deleted';
    elsif new.deleted_at is null and old.deleted_at is not null and new.status = 'deleted' then
      new.status := 'active';
    end if;
  end if;
  if new.status = 'deleted' then
    new.deleted_at := coalesce(new.deleted_at, clock_timestamp());
  else
    new.deleted_at := null;
  end if;

  -- events at once: by the creator's own tier, counting the active events they created
  if new.status = 'active' and (tg_op = 'INSERT' or old.status <> 'active') then
    -- one creator's inserts and restores run one after the other
    select p.subscription_tier into v_creator_tier from public.profiles p where p.id = new.created_by for no key update;
    v_limits := public.tier_limits_of(v_creator_tier);
    select count(*) into v_count from public.events e
    where e.created_by = new.created_by and e.status = 'active' and e.id <> new.id;
    if v_count >= v_limits.max_events_simultaneously then
      v_up := public.tier_upgrade(v_limits.tier);
      raise exception '%', format('Your %s plan allows %s active events at once.', v_limits.tier, v_limits.max_events_simultaneously)
        || case when v_up is null then ' Archive or delete one of your events to make room.'
                else format(' Upgrade to %s for more.', v_up) end
        using errcode = 'P0001', detail = 'limit: max_events_simultaneously';
    end if;
  end if;

  -- planning days, start and end inclusive, by the event's tier
  if new.start_date is not null and new.end_date is not null and new.end_date >= new.start_date
    and (tg_op = 'INSERT' or new.start_date is distinct from old.start_date or new.end_date is distinct from old.end_date) then
    v_limits := public.tier_limits_of(new.access_tier);
    v_days := new.end_date - new.start_date + 1;
    if v_days > v_limits.max_planning_days then
      v_up := public.tier_upgrade(v_limits.tier);
      raise exception '%', format('Your %s plan allows events of up to %s days; this one spans %s days.',
          v_limits.tier, v_limits.max_planning_days, v_days)
        || case when v_up is null then ' Shorten the dates.'
                else format(' Upgrade to %s for up to %s days.', v_up, (public.tier_limits_of(v_up)).max_planning_days) end
        using errcode = 'P0001', detail = 'limit: max_planning_days';
    end if;
  end if;
  return new;
end
$$;

-- The creator is the event's first member (spec section 4).
create function public.events_add_creator() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.event_members (event_id, user_id, role)
  values (new.id, new.created_by, 'creator')
  on conflict (event_id, user_id) do update set role = 'creator', deleted_at = null;
  return new;
end
$$;

create trigger events_client_rules before update on public.events
  for each row execute function public.events_client_rules();
create trigger events_enforce_rules before insert or update on public.events
  for each row execute function public.events_enforce_rules();
create trigger events_add_creator after insert on public.events
  for each row execute function public.events_add_creator();

-- An upgrade raises, a downgrade lowers (only gating, never deleting) all of the creator's events.
create function public.profiles_follow_tier() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.events set access_tier = new.subscription_tier
  where created_by = new.id and access_tier <> new.subscription_tier;
  return new;
end
$$;
create trigger profiles_follow_tier after update of subscription_tier on public.profiles
  for each row when (old.subscription_tier is distinct from new.subscription_tier)
  execute function public.profiles_follow_tier();

-- event_members -------------------------------------------------------------------------------
create function public.event_members_client_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user <> 'authenticated' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.role = 'creator' then
      raise exception 'The creator role belongs to the person who created the event.' using errcode = '42501';
    end if;
    return new;
  end if;
  if old.role = 'creator' and new.deleted_at is not null and old.deleted_at is null then
    raise exception 'Cannot remove the event creator' using errcode = 'P0001';
  end if;
  if old.role = 'creator' and new.role <> 'creator' then
    raise exception 'Cannot change the role of the event creator' using errcode = 'P0001';
  end if;
  if new.role = 'creator' and old.role <> 'creator' then
    raise exception 'The creator role belongs to the person who created the event.' using errcode = '42501';
  end if;
  if old.user_id = auth.uid() and new.deleted_at is not null and old.deleted_at is null then
    raise exception 'You cannot remove yourself from the event' using errcode = 'P0001',
      hint = 'Leave the event instead (leave_event).';
  end if;
  return new;
end
$$;

-- Members per event (active members, creator included) and co-organizers (role admin), by the
-- event's tier. The event row is locked first, so two people taking the last place at the same
-- moment are counted one after the other: the second sees the first and is refused.
create function public.event_members_enforce_limits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_joining boolean := new.deleted_at is null and (tg_op = 'INSERT' or old.deleted_at is not null);
  v_promoting boolean := new.role = 'admin' and new.deleted_at is null
    and (tg_op = 'INSERT' or old.role <> 'admin' or old.deleted_at is not null);
  v_event record;
  v_limits public.tier_limits;
  v_count int;
  v_up text;
begin
  if not v_joining and not v_promoting then
    return new;
  end if;
  -- no key update: serialises member changes of this event without blocking foreign-key checks
  select e.status, e.access_tier into v_event from public.events e where e.id = new.event_id for no key update;
  if not found then
    return new; -- the foreign key reports it
  end if;
  if v_joining and v_event.status = 'deleted' and new.role <> 'creator' then
    raise exception 'This event has been deleted, so no one can join it.' using errcode = 'P0001';
  end if;
  v_limits := public.tier_limits_of(v_event.access_tier);
  v_up := public.tier_upgrade(v_limits.tier);
  if v_joining then
    select count(*) into v_count from public.event_members m
    where m.event_id = new.event_id and m.deleted_at is null and m.id <> new.id;
    if v_count >= v_limits.max_members_per_event then
      raise exception '%', format('This event has reached its limit of %s members on the %s plan.',
          v_limits.max_members_per_event, v_limits.tier)
        || case when v_up is null then ''
                else format(' The event creator can upgrade to %s for up to %s members.', v_up,
                  (public.tier_limits_of(v_up)).max_members_per_event) end
        using errcode = 'P0001', detail = 'limit: max_members_per_event';
    end if;
  end if;
  if v_promoting then
    select count(*) into v_count from public.event_members m
    where m.event_id = new.event_id and m.deleted_at is null and m.role = 'admin' and m.id <> new.id;
    if v_count >= v_limits.max_co_organizers then
      raise exception '%', case
          when v_limits.max_co_organizers = 0 then format('The %s plan has no co-organizers.', v_limits.tier)
          else format('This event already has %s co-organizer%s, the most the %s plan allows.', v_limits.max_co_organizers,
                 case when v_limits.max_co_organizers = 1 then '' else 's' end, v_limits.tier) end
        || case when v_up is null then ''
                else format(' The event creator can upgrade to %s to have up to %s.', v_up,
                  (public.tier_limits_of(v_up)).max_co_organizers) end
        using errcode = 'P0001', detail = 'limit: max_co_organizers';
    end if;
  end if;
  return new;
end
$$;

create trigger event_members_client_rules before insert or update on public.event_members
  for each row execute function public.event_members_client_rules();
create trigger event_members_enforce_limits before insert or update on public.event_members
  for each row execute function public.event_members_enforce_limits();

-- event_invitations ---------------------------------------------------------------------------
-- A new invitation: trimmed address, the caller as sender, linked to the account that owns the
-- address (if any), refused when that account is already a member or the event is deleted.
create function public.event_invitations_prepare() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.recipient_email := btrim(coalesce(new.recipient_email, ''));
  if position('@' in new.recipient_email) < 2 then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  new.sender_id := coalesce(new.sender_id, auth.uid());
  select u.id into new.recipient_id from auth.users u
  where lower(u.email) = lower(new.recipient_email) and u.deleted_at is null
  limit 1;
  if exists (select 1 from public.events e where e.id = new.event_id and e.status = 'deleted') then
    raise exception 'This event has been deleted.' using errcode = 'P0001';
  end if;
  if new.recipient_id is not null and exists (
    select 1 from public.event_members m
    where m.event_id = new.event_id and m.user_id = new.recipient_id and m.deleted_at is null
  ) then
    raise exception '%', format('%s is already a member of this event.', new.recipient_email) using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger event_invitations_prepare before insert on public.event_invitations
  for each row execute function public.event_invitations_prepare();

revoke execute on function public.events_client_rules(), public.events_enforce_rules(), public.events_add_creator(),
  public.profiles_follow_tier(), public.event_members_client_rules(), public.event_members_enforce_limits(),
  public.event_invitations_prepare(), public.tier_limits_of(text) from public, anon, authenticated;
