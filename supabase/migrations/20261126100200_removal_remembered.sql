-- A member removed by a manager cannot rejoin by link; a new invitation lets them back
-- (decisions "Events"). Until now a removal was only `deleted_at`, the same as leaving, and
-- join_event brought any former member straight back, so a removed member rejoined at once.
--
-- event_members.removed_by_manager records which of the two a soft-deleted membership is: set when
-- someone other than the member ends it (remove_event_member, or a manager's direct update), false
-- when the member leaves, and cleared whenever the membership comes back (an accepted invitation,
-- a manager adding them again). Memberships soft-deleted before this migration cannot be told apart
-- and stay as they were: the former member may rejoin by link, as before.

alter table public.event_members add column removed_by_manager boolean not null default false;
comment on column public.event_members.removed_by_manager is
  'True while the member stays removed by a manager: no rejoining by link until invited again.';

-- Security definer: a manager's direct update (as authenticated) also withdraws the removed
-- member's pending invitations, which authenticated may not write; an invitation sent before the
-- removal must not be a way back in.
create function public.event_members_remember_removal() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.deleted_at is null and new.deleted_at is not null then
    new.removed_by_manager := auth.uid() is distinct from old.user_id;
    if new.removed_by_manager then
      update public.event_invitations i
      set deleted_at = clock_timestamp()
      where i.event_id = old.event_id and i.status = 'pending' and i.deleted_at is null
        and (i.recipient_id = old.user_id
          or lower(i.recipient_email) = (select lower(u.email) from auth.users u where u.id = old.user_id));
    end if;
  elsif old.deleted_at is not null and new.deleted_at is null then
    new.removed_by_manager := false;
  end if;
  return new;
end
$$;
revoke execute on function public.event_members_remember_removal() from public, anon, authenticated;

create trigger event_members_remember_removal before update on public.event_members
  for each row execute function public.event_members_remember_removal();

-- The join link /join?id={eventId} (decisions "Events"): a member who left may come back by link,
-- one removed by a manager may not.
create or replace function public.join_event(p_event_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_event public.events;
  v_member public.event_members;
  v_exists boolean;
begin
  select * into v_event from public.events e where e.id = p_event_id;
  if not found then
    return public.result(false, 'This event does not exist. The link may be wrong or the event was deleted.');
  end if;
  select * into v_member from public.event_members m where m.event_id = p_event_id and m.user_id = v_uid;
  v_exists := found;
  if v_exists and v_member.deleted_at is null then
    return public.result(true, 'You are already a member of this event.',
      jsonb_build_object('event_id', v_event.id, 'event_name', v_event.name));
  end if;
  if v_exists and v_member.removed_by_manager then
    return public.result(false,
      'The event''s creator or an admin removed you from this event, so the link cannot bring you back. Ask them to invite you again.');
  end if;
  if v_event.status = 'deleted' then
    return public.result(false, 'This event has been deleted, so no one can join it.');
  end if;
  if v_event.status = 'past' then
    return public.result(false, 'This event is over, so it no longer takes new members.');
  end if;
  begin
    if v_exists then
      update public.event_members set deleted_at = null, role = 'member' where id = v_member.id;
    else
      insert into public.event_members (event_id, user_id, role) values (p_event_id, v_uid, 'member');
    end if;
  exception when sqlstate 'P0001' then
    return public.result(false, sqlerrm);
  end;
  return public.result(true, format('You have joined %s.', v_event.name),
    jsonb_build_object('event_id', v_event.id, 'event_name', v_event.name));
end
$$;
