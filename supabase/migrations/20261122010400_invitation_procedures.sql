-- Invitations by email (spec sections 2, 3, 4, 5 and 7): sending, cancelling, listing, answering.
-- The jsonb procedures return {success, message}; the dialog shows the message when success is
-- false. A replay of the same call answers with the state already reached and success true.
-- Listing functions return the spec's Invitation entity (event, sender and recipient names and
-- avatars), which the caller could not join through RLS alone.

create function public.invite_user_to_event(p_event_id uuid, p_recipient_email text, p_message text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_email text := btrim(coalesce(p_recipient_email, ''));
  v_event public.events;
  v_invitation public.event_invitations;
  v_limits public.tier_limits;
  v_members int;
begin
  if position('@' in v_email) < 2 then
    return public.result(false, 'Please enter a valid email address');
  end if;
  if length(v_email) > 320 or length(p_message) > 1000 then
    return public.result(false, 'The email address or the message is too long.');
  end if;
  select * into v_event from public.events e where e.id = p_event_id;
  if not found or not public.is_event_member(p_event_id) then
    return public.result(false, 'You are not a member of this event');
  end if;
  if not public.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event creator and admins can invite people to this event.');
  end if;
  if v_event.status = 'deleted' then
    return public.result(false, 'This event has been deleted.');
  end if;
  select * into v_invitation from public.event_invitations i
  where i.event_id = p_event_id and lower(i.recipient_email) = lower(v_email) and i.status = 'pending' and i.deleted_at is null;
  if found then
    return public.result(true, format('An invitation to %s is already pending.', v_invitation.recipient_email),
      jsonb_build_object('invitation_id', v_invitation.id, 'status', v_invitation.status));
  end if;
  if exists (
    select 1 from public.event_members m join auth.users u on u.id = m.user_id
    where m.event_id = p_event_id and m.deleted_at is null and lower(u.email) = lower(v_email)
  ) then
    return public.result(false, format('%s is already a member of this event.', v_email));
  end if;
  v_limits := public.tier_limits_of(v_event.access_tier);
  select count(*) into v_members from public.event_members m where m.event_id = p_event_id and m.deleted_at is null;
  if v_members >= v_limits.max_members_per_event then
    return public.result(false, format('This event has reached its limit of %s members on the %s plan.',
      v_limits.max_members_per_event, v_limits.tier)
      || coalesce(format(' The event creator can upgrade to %s for more members.', public.tier_upgrade(v_limits.tier)), ''));
  end if;
  begin
    insert into public.event_invitations (event_id, sender_id, recipient_email, message)
    values (p_event_id, v_uid, v_email, nullif(btrim(p_message), ''))
    returning * into v_invitation;
  exception when unique_violation then
    -- the same invitation sent at the same moment by another request
    select * into v_invitation from public.event_invitations i
    where i.event_id = p_event_id and lower(i.recipient_email) = lower(v_email) and i.status = 'pending' and i.deleted_at is null;
    return public.result(true, format('An invitation to %s is already pending.', v_invitation.recipient_email),
      jsonb_build_object('invitation_id', v_invitation.id, 'status', v_invitation.status));
  end;
  return public.result(true, 'Invitation sent successfully',
    jsonb_build_object('invitation_id', v_invitation.id, 'status', v_invitation.status));
end
$$;

-- Cancelling is a soft delete of a pending invitation by its sender or a manager.
create function public.cancel_invitation(p_invitation_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_invitation public.event_invitations;
begin
  select * into v_invitation from public.event_invitations i where i.id = p_invitation_id for update;
  if not found or not (v_invitation.sender_id = v_uid or public.is_event_manager(v_invitation.event_id)
                       or v_invitation.recipient_id = v_uid) then
    return public.result(false, 'Invitation not found');
  end if;
  if not (v_invitation.sender_id = v_uid or public.is_event_manager(v_invitation.event_id)) then
    return public.result(false, 'Only the sender or the event''s creator and admins can cancel this invitation.');
  end if;
  if v_invitation.deleted_at is not null then
    return public.result(true, 'Invitation cancelled');
  end if;
  if v_invitation.status <> 'pending' then
    return public.result(false, format('This invitation has already been %s and can no longer be cancelled.', v_invitation.status));
  end if;
  update public.event_invitations set deleted_at = clock_timestamp() where id = v_invitation.id;
  return public.result(true, 'Invitation cancelled');
end
$$;

-- One row shape for both lists: the spec's Invitation entity plus the sender's avatar.
create function public.invitation_rows(p_ids uuid[])
returns table (
  id uuid, event_id uuid, event_name text, sender_id uuid, sender_name text, sender_avatar text,
  recipient_id uuid, recipient_name text, recipient_email text, recipient_avatar text, message text,
  status text, response_message text, responded_at timestamptz, created_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select i.id, i.event_id, e.name, i.sender_id, s.name, s.avatar, i.recipient_id, r.name, i.recipient_email,
    r.avatar, i.message, i.status, i.response_message, i.responded_at, i.created_at
  from public.event_invitations i
  join public.events e on e.id = i.event_id
  left join public.profiles s on s.id = i.sender_id
  left join public.profiles r on r.id = i.recipient_id
  where i.id = any (p_ids)
  order by i.created_at desc, i.id
$$;
revoke execute on function public.invitation_rows(uuid[]) from public, anon, authenticated;

-- The invitations sent for an event: all of them for managers, the caller's own for others.
create function public.get_sent_invitations(p_event_id uuid, p_status text default null)
returns table (
  id uuid, event_id uuid, event_name text, sender_id uuid, sender_name text, sender_avatar text,
  recipient_id uuid, recipient_name text, recipient_email text, recipient_avatar text, message text,
  status text, response_message text, responded_at timestamptz, created_at timestamptz
)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_manager boolean := public.is_event_manager(p_event_id);
begin
  if not public.is_event_member(p_event_id) then
    raise exception 'You are not a member of this event' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'accepted', 'declined') then
    raise exception '%', format('Unknown invitation status: %s (use pending, accepted or declined).', p_status)
      using errcode = '22023';
  end if;
  return query select * from public.invitation_rows(array(
    select i.id from public.event_invitations i
    where i.event_id = p_event_id and i.deleted_at is null
      and (p_status is null or i.status = p_status)
      and (v_manager or i.sender_id = v_uid)
  ));
end
$$;

-- The caller's invitations (the notifications): to their account or their address, not cancelled,
-- for events that still exist.
create function public.get_user_invitations()
returns table (
  id uuid, event_id uuid, event_name text, sender_id uuid, sender_name text, sender_avatar text,
  recipient_id uuid, recipient_name text, recipient_email text, recipient_avatar text, message text,
  status text, response_message text, responded_at timestamptz, created_at timestamptz
)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_email text := (select u.email from auth.users u where u.id = v_uid);
begin
  return query select * from public.invitation_rows(array(
    select i.id from public.event_invitations i join public.events e on e.id = i.event_id
    where i.deleted_at is null and e.status <> 'deleted'
      and (i.recipient_id = v_uid or (i.recipient_id is null and lower(i.recipient_email) = lower(v_email)))
  ));
end
$$;

-- Answering: accepted makes the recipient a member (within the member limit); the same answer
-- again reports the state; another answer after responding is refused.
create function public.respond_to_invitation(p_invitation_id uuid, p_status text, p_response_message text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_email text := (select u.email from auth.users u where u.id = v_uid);
  v_invitation public.event_invitations;
  v_event public.events;
  v_member public.event_members;
  v_exists boolean;
begin
  if p_status is null or p_status not in ('accepted', 'declined') then
    return public.result(false, 'Please answer accepted or declined.');
  end if;
  if length(p_response_message) > 1000 then
    return public.result(false, 'The response message is too long (at most 1000 characters).');
  end if;
  select * into v_invitation from public.event_invitations i where i.id = p_invitation_id for update;
  if not found or not (v_invitation.recipient_id = v_uid
                       or (v_invitation.recipient_id is null and lower(v_invitation.recipient_email) = lower(v_email))) then
    return public.result(false, 'Invitation not found');
  end if;
  if v_invitation.deleted_at is not null then
    return public.result(false, 'This invitation has been cancelled.');
  end if;
  if v_invitation.status = p_status then
    return public.result(true, format('You have already %s this invitation.', p_status),
      jsonb_build_object('status', v_invitation.status, 'event_id', v_invitation.event_id));
  end if;
  if v_invitation.status <> 'pending' then
    return public.result(false, format('You have already %s this invitation.', v_invitation.status),
      jsonb_build_object('status', v_invitation.status, 'event_id', v_invitation.event_id));
  end if;
  if p_status = 'accepted' then
    select * into v_event from public.events e where e.id = v_invitation.event_id;
    if v_event.status = 'deleted' then
      return public.result(false, 'This event has been deleted.');
    end if;
    select * into v_member from public.event_members m where m.event_id = v_event.id and m.user_id = v_uid;
    v_exists := found;
    begin
      if v_exists and v_member.deleted_at is not null then
        update public.event_members set deleted_at = null, role = 'member' where id = v_member.id;
      elsif not v_exists then
        insert into public.event_members (event_id, user_id, role) values (v_event.id, v_uid, 'member');
      end if;
    exception when sqlstate 'P0001' then
      return public.result(false, sqlerrm);
    end;
  end if;
  update public.event_invitations
  set status = p_status, response_message = nullif(btrim(p_response_message), ''), responded_at = clock_timestamp(),
      recipient_id = v_uid
  where id = v_invitation.id;
  return public.result(true, case p_status when 'accepted' then 'Invitation accepted' else 'Invitation declined' end,
    jsonb_build_object('status', p_status, 'event_id', v_invitation.event_id));
end
$$;

revoke execute on function public.invite_user_to_event(uuid, text, text), public.cancel_invitation(uuid),
  public.get_sent_invitations(uuid, text), public.get_user_invitations(), public.respond_to_invitation(uuid, text, text)
  from public, anon;
grant execute on function public.invite_user_to_event(uuid, text, text), public.cancel_invitation(uuid),
  public.get_sent_invitations(uuid, text), public.get_user_invitations(), public.respond_to_invitation(uuid, text, text)
  to authenticated, service_role;
