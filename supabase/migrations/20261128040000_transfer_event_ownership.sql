-- Ownership transfer (issue 21, decisions "Events"): the creator hands an event to another active
-- member, who must have room under their own "events at once" limit; the former creator stays as
-- an admin; the event's access tier follows the new creator's tier (events_enforce_rules sets it
-- when created_by changes: a lower tier only gates, never deletes); the new owner is told by the
-- events_notify trigger (kind ownership_received).
--
-- Becoming an admin by stepping down from creator is not a promotion: it must not count against
-- the co-organizer limit (a free new owner has none), the way a downgrade keeps the admins an
-- event already has. Only that one case changes in the limit trigger.

create or replace function public.event_members_enforce_limits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_joining boolean := new.deleted_at is null and (tg_op = 'INSERT' or old.deleted_at is not null);
  v_promoting boolean := new.role = 'admin' and new.deleted_at is null
    and (tg_op = 'INSERT' or (old.role <> 'admin' and old.role <> 'creator') or old.deleted_at is not null);
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
revoke execute on function public.event_members_enforce_limits() from public, anon, authenticated;

create function public.transfer_event_ownership(p_event_id uuid, p_new_owner_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_event public.events;
  v_member public.event_members;
  v_tier text;
  v_limits public.tier_limits;
  v_count int;
  v_name text;
begin
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found or not (v_event.created_by = v_uid or private.is_event_member(p_event_id)) then
    return public.result(false, 'This event no longer exists, or you are not a member of it.');
  end if;
  if v_event.created_by = p_new_owner_id and v_uid = p_new_owner_id then
    -- a replay of a transfer that already reached the caller, or a transfer to oneself
    return public.result(true, 'You already own this event.', jsonb_build_object('access_tier', v_event.access_tier));
  end if;
  if v_event.created_by <> v_uid then
    if v_event.created_by = p_new_owner_id then
      -- a replay by the former creator after the transfer went through
      return public.result(true, 'Ownership transferred.', jsonb_build_object('access_tier', v_event.access_tier));
    end if;
    return public.result(false, 'Only the event creator can transfer ownership.');
  end if;
  if v_event.status = 'deleted' then
    return public.result(false, 'This event has been deleted.');
  end if;
  select * into v_member from public.event_members m
  where m.event_id = p_event_id and m.user_id = p_new_owner_id and m.deleted_at is null;
  if not found then
    return public.result(false, 'The new owner must be a member of this event.');
  end if;
  -- The new owner's tier, locked so that their own event creations are counted one after the other.
  select p.subscription_tier, coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(p.name), ''), 'The new owner')
    into v_tier, v_name
  from public.profiles p where p.id = p_new_owner_id for no key update;
  if not found then
    return public.result(false, 'The new owner must be a member of this event.');
  end if;
  if exists (select 1 from auth.users u where u.id = p_new_owner_id and u.banned_until > now()) then
    return public.result(false, format('%s''s account is suspended, so they cannot take over the event.', v_name));
  end if;
  v_limits := public.tier_limits_of(v_tier);
  if v_event.status = 'active' then
    select count(*) into v_count from public.events e
    where e.created_by = p_new_owner_id and e.status = 'active' and e.id <> p_event_id;
    if v_count >= v_limits.max_events_simultaneously then
      return public.result(false, format(
        '%s already has %s active events, the most their %s plan allows, so they cannot take over this one.',
        v_name, v_count, v_limits.tier));
    end if;
  end if;
  -- The event first (its tier follows the new creator), then the two member rows.
  update public.events set created_by = p_new_owner_id where id = p_event_id;
  update public.event_members set role = 'admin' where event_id = p_event_id and user_id = v_uid;
  update public.event_members set role = 'creator' where id = v_member.id;
  return public.result(true, 'Ownership transferred.', jsonb_build_object(
    'access_tier', (select e.access_tier from public.events e where e.id = p_event_id)));
end
$$;
comment on function public.transfer_event_ownership(uuid, uuid) is
  'The creator hands the event to an active member with room under their own events-at-once limit; the former creator stays as an admin and the event''s tier follows the new creator.';
revoke execute on function public.transfer_event_ownership(uuid, uuid) from public, anon;
grant execute on function public.transfer_event_ownership(uuid, uuid) to authenticated, service_role;
