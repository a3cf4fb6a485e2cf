-- A friend request sent from a device carries the outbox entry's id as `client_ref`, so a replay
-- of that same request (its first answer lost on the way back) finds the row it made, whatever
-- happened to it since (accepted, rejected), instead of making a second request or reporting the
-- friendship it led to as a refusal.

alter table public.friend_requests add column client_ref uuid;
create unique index friend_requests_client_ref_key on public.friend_requests (sender_id, client_ref)
  where client_ref is not null;
comment on column public.friend_requests.client_ref is
  'The sending device''s id for this request (its outbox entry), unique per sender: a replay finds the row.';

drop function public.send_friend_request(text, text);

create function public.send_friend_request(
  p_recipient_email text,
  p_message text default null,
  p_client_ref uuid default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
  v_email text := lower(btrim(coalesce(p_recipient_email, '')));
  v_message text := nullif(btrim(coalesce(p_message, '')), '');
  v_recipient uuid;
  v_request uuid;
  v_status text;
begin
  if p_client_ref is not null then
    select r.id, r.status into v_request, v_status from public.friend_requests r
    where r.sender_id = v_me and r.client_ref = p_client_ref;
    if v_request is not null then
      return jsonb_build_object('success', true, 'message', 'Friend request already sent', 'request_id', v_request,
        'status', v_status);
    end if;
  end if;
  if position('@' in v_email) < 2 then
    return jsonb_build_object('success', false, 'message', 'Please enter a valid email address');
  end if;
  if length(v_message) > 1000 then
    return jsonb_build_object('success', false, 'message', 'The message must be at most 1000 characters');
  end if;
  select p.id into v_recipient from public.profiles p where lower(p.email) = v_email;
  if v_recipient is null then
    return jsonb_build_object('success', false, 'message', 'No account found with that email address');
  end if;
  if v_recipient = v_me then
    return jsonb_build_object('success', false, 'message', 'You cannot send a friend request to yourself');
  end if;
  if private.are_friends(v_me, v_recipient) then
    return jsonb_build_object('success', false, 'message', 'You are already friends with this user');
  end if;
  -- Serialise requests between the same two people (either direction).
  perform pg_advisory_xact_lock(hashtextextended(least(v_me, v_recipient)::text || greatest(v_me, v_recipient)::text, 0));
  if p_client_ref is not null then
    -- The same request may have been made while this call waited for the lock.
    select r.id, r.status into v_request, v_status from public.friend_requests r
    where r.sender_id = v_me and r.client_ref = p_client_ref;
    if v_request is not null then
      return jsonb_build_object('success', true, 'message', 'Friend request already sent', 'request_id', v_request,
        'status', v_status);
    end if;
  end if;
  select r.id into v_request from public.friend_requests r
  where r.sender_id = v_recipient and r.recipient_id = v_me and r.status = 'pending' and r.deleted_at is null;
  if v_request is not null then
    return jsonb_build_object('success', false, 'message',
      'This user has already sent you a friend request. Accept it instead.', 'request_id', v_request);
  end if;
  select r.id into v_request from public.friend_requests r
  where r.sender_id = v_me and r.recipient_id = v_recipient and r.status = 'pending' and r.deleted_at is null;
  if v_request is not null then
    return jsonb_build_object('success', true, 'message', 'Friend request already sent', 'request_id', v_request);
  end if;
  insert into public.friend_requests (sender_id, recipient_id, message, client_ref)
  values (v_me, v_recipient, v_message, p_client_ref)
  returning id into v_request;
  return jsonb_build_object('success', true, 'message', 'Friend request sent', 'request_id', v_request);
end
$$;
comment on function public.send_friend_request(text, text, uuid) is
  'Sends a friend request to the account with that email; a replay with the same client_ref finds the first one.';

revoke execute on function public.send_friend_request(text, text, uuid) from public, anon;
grant execute on function public.send_friend_request(text, text, uuid) to authenticated, service_role;
