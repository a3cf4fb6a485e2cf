-- Membership procedures the spec leaves to the client (spec sections 4 and 5, decisions "Events"):
-- leaving, adding, removing, changing roles, joining by link. Each returns {success, message}
-- (the dialog shows the message when success is false) and answers a replay of the same call
-- with the state already reached and success true. Security definer: they check the caller
-- themselves; the limit triggers still apply, and a limit refusal becomes success false.

create function public.require_uid() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Authentication required. Please log in and try again.' using errcode = '42501';
  end if;
  return v_uid;
end
$$;
comment on function public.require_uid() is 'The caller''s user id; raises 42501 when there is no signed-in user.';

create function public.result(p_success boolean, p_message text, p_extra jsonb default '{}'::jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$ select jsonb_build_object('success', p_success, 'message', p_message) || coalesce(p_extra, '{}'::jsonb) $$;
comment on function public.result(boolean, text, jsonb) is 'The {success, message, ...} answer of the procedures.';

-- Leaving (spec section 4): a non-member is refused; the creator cannot leave while others are
-- members; a sole member leaving deletes the event for good; anyone else is removed softly.
-- An event that no longer exists counts as already left (the client treats it the same way).
create function public.leave_event(p_event_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_member public.event_members;
  v_others int;
begin
  perform 1 from public.events e where e.id = p_event_id for no key update;
  if not found then
    return public.result(true, 'This event no longer exists.', jsonb_build_object('event_deleted', true));
  end if;
  select * into v_member from public.event_members m where m.event_id = p_event_id and m.user_id = v_uid;
  if not found then
    return public.result(false, 'You are not a member of this event');
  end if;
  if v_member.deleted_at is not null then
    return public.result(true, 'You have left the event.', jsonb_build_object('event_deleted', false));
  end if;
  select count(*) into v_others from public.event_members m
  where m.event_id = p_event_id and m.deleted_at is null and m.user_id <> v_uid;
  if v_others = 0 then
    delete from public.events e where e.id = p_event_id;
    return public.result(true, 'You were the last member, so the event has been deleted.', jsonb_build_object('event_deleted', true));
  end if;
  if v_member.role = 'creator' then
    return public.result(false,
      'As the creator you cannot leave while others are still members. Transfer ownership or delete the event.');
  end if;
  update public.event_members set deleted_at = clock_timestamp() where id = v_member.id;
  return public.result(true, 'You have left the event.', jsonb_build_object('event_deleted', false));
end
$$;

-- Managers add people (spec section 4): a soft-deleted member comes back with the given role.
create function public.add_event_member(p_event_id uuid, p_user_id uuid, p_role text default 'member') returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_role text := coalesce(p_role, 'member');
  v_member public.event_members;
  v_exists boolean;
begin
  if not public.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event creator and admins can add members.');
  end if;
  if v_role not in ('member', 'admin') then
    return public.result(false, 'A member''s role must be member or admin.');
  end if;
  if not exists (select 1 from public.profiles p where p.id = p_user_id) then
    return public.result(false, 'User not found');
  end if;
  select * into v_member from public.event_members m where m.event_id = p_event_id and m.user_id = p_user_id;
  v_exists := found;
  if v_exists and v_member.deleted_at is null then
    -- spec section 4: adding an existing active member does nothing
    return public.result(true, 'Already a member of this event.', jsonb_build_object('role', v_member.role));
  end if;
  begin
    if v_exists then
      update public.event_members set deleted_at = null, role = v_role where id = v_member.id;
    else
      insert into public.event_members (event_id, user_id, role) values (p_event_id, p_user_id, v_role);
    end if;
  exception when sqlstate 'P0001' then
    return public.result(false, sqlerrm);
  end;
  return public.result(true, 'Member added.', jsonb_build_object('role', v_role));
end
$$;

create function public.remove_event_member(p_event_id uuid, p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_member public.event_members;
begin
  if not public.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event creator and admins can remove members.');
  end if;
  select * into v_member from public.event_members m where m.event_id = p_event_id and m.user_id = p_user_id;
  if not found then
    return public.result(false, 'This person is not a member of this event.');
  end if;
  if v_member.role = 'creator' then
    return public.result(false, 'Cannot remove the event creator');
  end if;
  if p_user_id = v_uid then
    return public.result(false, 'You cannot remove yourself from the event');
  end if;
  if v_member.deleted_at is null then
    update public.event_members set deleted_at = clock_timestamp() where id = v_member.id;
  end if;
  return public.result(true, 'Member removed.');
end
$$;

create function public.update_member_role(p_event_id uuid, p_user_id uuid, p_role text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_member public.event_members;
begin
  if not public.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event creator and admins can change roles.');
  end if;
  select * into v_member from public.event_members m
  where m.event_id = p_event_id and m.user_id = p_user_id and m.deleted_at is null;
  if not found then
    return public.result(false, 'This person is not a member of this event.');
  end if;
  if v_member.role = 'creator' then
    return public.result(false, 'Cannot change the role of the event creator');
  end if;
  if p_role is null or p_role not in ('member', 'admin') then
    return public.result(false, 'A member''s role must be member or admin.');
  end if;
  if v_member.role = p_role then
    return public.result(true, 'Role updated.', jsonb_build_object('role', p_role));
  end if;
  begin
    update public.event_members set role = p_role where id = v_member.id;
  exception when sqlstate 'P0001' then
    return public.result(false, sqlerrm);
  end;
  return public.result(true, 'Role updated.', jsonb_build_object('role', p_role));
end
$$;

-- The join link /join?id={eventId} (decisions "Events"). A former member may come back by link.
create function public.join_event(p_event_id uuid) returns jsonb
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

revoke execute on function public.leave_event(uuid), public.add_event_member(uuid, uuid, text),
  public.remove_event_member(uuid, uuid), public.update_member_role(uuid, uuid, text), public.join_event(uuid)
  from public, anon;
grant execute on function public.leave_event(uuid), public.add_event_member(uuid, uuid, text),
  public.remove_event_member(uuid, uuid), public.update_member_role(uuid, uuid, text), public.join_event(uuid)
  to authenticated, service_role;
