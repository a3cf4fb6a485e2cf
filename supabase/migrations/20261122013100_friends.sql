-- Friends: requests, friendships (one row per direction, soft-removed) and invite codes. The
-- procedures are the only way to write these tables; each answers {success, message} (the client
-- shows the message when success is false) and a replay of the same call answers with the state
-- already reached, as a success.

create function private.require_user() returns uuid
language plpgsql stable
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Authentication required. Please log in and try again.' using errcode = '42501';
  end if;
  return auth.uid();
end
$$;

-- Both directions of a friendship, reviving soft-removed rows; answers true when it was new.
create function private.make_friends(p_a uuid, p_b uuid) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_was boolean;
begin
  select exists (
    select 1 from public.friendships f where f.user_id = p_a and f.friend_id = p_b and f.deleted_at is null
  ) into v_was;
  insert into public.friendships (user_id, friend_id) values (p_a, p_b), (p_b, p_a)
  on conflict (user_id, friend_id) do update set deleted_at = null
  where public.friendships.deleted_at is not null;
  -- Any request still pending between the two is settled by the friendship.
  update public.friend_requests r set status = 'accepted', responded_at = clock_timestamp()
  where r.status = 'pending' and r.deleted_at is null
    and ((r.sender_id = p_a and r.recipient_id = p_b) or (r.sender_id = p_b and r.recipient_id = p_a));
  return not v_was;
end
$$;

create function private.are_friends(p_a uuid, p_b uuid) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from public.friendships f where f.user_id = p_a and f.friend_id = p_b and f.deleted_at is null)
$$;

create function public.get_friends()
returns table (id uuid, friendship_id uuid, name text, email text, avatar text, created_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select p.id, f.id, p.name, p.email, p.avatar, f.created_at
  from public.friendships f
  join public.profiles p on p.id = f.friend_id
  where f.user_id = private.require_user() and f.deleted_at is null
  order by lower(coalesce(p.name, p.email)), p.id
$$;
comment on function public.get_friends() is 'The caller''s friends: their user id, name, email and avatar.';

create function public.get_friend_requests(p_direction text default 'incoming', p_status text default 'pending')
returns table (
  id uuid, sender_id uuid, sender_name text, sender_email text, sender_avatar text,
  recipient_id uuid, recipient_name text, recipient_email text, recipient_avatar text,
  message text, status text, response_message text, responded_at timestamptz, created_at timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
begin
  if p_direction is null or p_direction not in ('incoming', 'outgoing') then
    raise exception 'Direction must be incoming or outgoing' using errcode = '22023';
  end if;
  if p_status is not null and p_status not in ('pending', 'accepted', 'rejected') then
    raise exception 'Status must be pending, accepted or rejected' using errcode = '22023';
  end if;
  return query
    select r.id, r.sender_id, s.name, s.email, s.avatar, r.recipient_id, t.name, t.email, t.avatar,
      r.message, r.status, r.response_message, r.responded_at, r.created_at
    from public.friend_requests r
    join public.profiles s on s.id = r.sender_id
    join public.profiles t on t.id = r.recipient_id
    where r.deleted_at is null
      and (p_status is null or r.status = p_status)
      and case when p_direction = 'incoming' then r.recipient_id = v_me else r.sender_id = v_me end
    order by r.created_at desc, r.id;
end
$$;
comment on function public.get_friend_requests(text, text) is 'The caller''s incoming or outgoing friend requests, by status (null: all).';

create function public.send_friend_request(p_recipient_email text, p_message text default null) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
  v_email text := lower(btrim(coalesce(p_recipient_email, '')));
  v_message text := nullif(btrim(coalesce(p_message, '')), '');
  v_recipient uuid;
  v_request uuid;
begin
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
  insert into public.friend_requests (sender_id, recipient_id, message)
  values (v_me, v_recipient, v_message)
  returning id into v_request;
  return jsonb_build_object('success', true, 'message', 'Friend request sent', 'request_id', v_request);
end
$$;
comment on function public.send_friend_request(text, text) is 'Sends a friend request to the account with that email.';

create function public.respond_to_friend_request(p_request_id uuid, p_status text, p_response_message text default null)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
  v_request public.friend_requests;
  v_response text := nullif(btrim(coalesce(p_response_message, '')), '');
begin
  if p_status is null or p_status not in ('accepted', 'rejected') then
    return jsonb_build_object('success', false, 'message', 'Status must be accepted or rejected');
  end if;
  if length(v_response) > 1000 then
    return jsonb_build_object('success', false, 'message', 'The response must be at most 1000 characters');
  end if;
  select * into v_request from public.friend_requests r
  where r.id = p_request_id and r.recipient_id = v_me and r.deleted_at is null
  for update;
  if not found then
    return jsonb_build_object('success', false, 'message', 'Friend request not found');
  end if;
  if v_request.status = p_status then
    return jsonb_build_object('success', true, 'message', 'Friend request already ' || p_status, 'request_id', v_request.id);
  end if;
  if v_request.status <> 'pending' then
    return jsonb_build_object('success', false, 'message', 'This friend request has already been ' || v_request.status);
  end if;
  update public.friend_requests set status = p_status, response_message = v_response, responded_at = clock_timestamp()
  where id = v_request.id;
  if p_status = 'accepted' then
    perform private.make_friends(v_request.sender_id, v_request.recipient_id);
    return jsonb_build_object('success', true, 'message', 'Friend request accepted', 'request_id', v_request.id);
  end if;
  return jsonb_build_object('success', true, 'message', 'Friend request rejected', 'request_id', v_request.id);
end
$$;
comment on function public.respond_to_friend_request(uuid, text, text) is
  'The recipient accepts (both become friends) or rejects a pending friend request.';

create function public.remove_friend(p_friend_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
begin
  if not exists (
    select 1 from public.friendships f
    where (f.user_id = v_me and f.friend_id = p_friend_id) or (f.user_id = p_friend_id and f.friend_id = v_me)
  ) then
    return jsonb_build_object('success', false, 'message', 'This user is not your friend');
  end if;
  update public.friendships f set deleted_at = clock_timestamp()
  where ((f.user_id = v_me and f.friend_id = p_friend_id) or (f.user_id = p_friend_id and f.friend_id = v_me))
    and f.deleted_at is null;
  return jsonb_build_object('success', true, 'message', 'Friend removed');
end
$$;
comment on function public.remove_friend(uuid) is 'Ends a friendship, both directions (soft).';

create function public.generate_friend_invite_code() returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
  v_code text;
begin
  -- A replay (or a second click) hands back the code still good for at least a day.
  select c.code into v_code from public.friend_invite_codes c
  where c.user_id = v_me and c.expires_at > clock_timestamp() + interval '1 day'
  order by c.created_at desc limit 1;
  if v_code is null then
    v_code := translate(encode(extensions.gen_random_bytes(12), 'base64'), '+/', '-_');
    insert into public.friend_invite_codes (code, user_id) values (v_code, v_me);
  end if;
  return jsonb_build_object('success', true, 'message', 'Invite link ready', 'code', v_code);
end
$$;
comment on function public.generate_friend_invite_code() is 'A code for /friends/invite/{code}, valid 30 days.';

create function public.accept_friend_invite_code(p_code text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := private.require_user();
  v_invite public.friend_invite_codes;
  v_name text;
begin
  select * into v_invite from public.friend_invite_codes c where c.code = btrim(coalesce(p_code, '')) for update;
  if not found then
    return jsonb_build_object('success', false, 'message', 'This invite link is not valid');
  end if;
  if v_invite.user_id = v_me then
    return jsonb_build_object('success', false, 'message', 'You cannot use your own invite link');
  end if;
  select p.name into v_name from public.profiles p where p.id = v_invite.user_id;
  if private.are_friends(v_me, v_invite.user_id) then
    return jsonb_build_object('success', true, 'message', 'You are already friends',
      'friend_id', v_invite.user_id, 'friend_name', v_name);
  end if;
  if v_invite.expires_at <= clock_timestamp() then
    return jsonb_build_object('success', false, 'message', 'This invite link has expired');
  end if;
  perform private.make_friends(v_me, v_invite.user_id);
  update public.friend_invite_codes set used_count = used_count + 1 where code = v_invite.code;
  return jsonb_build_object('success', true, 'message', 'You are now friends', 'friend_id', v_invite.user_id,
    'friend_name', v_name);
end
$$;
comment on function public.accept_friend_invite_code(text) is 'Makes the caller a friend of the invite code''s owner.';

revoke execute on function public.get_friends(), public.get_friend_requests(text, text),
  public.send_friend_request(text, text), public.respond_to_friend_request(uuid, text, text),
  public.remove_friend(uuid), public.generate_friend_invite_code(), public.accept_friend_invite_code(text)
  from public, anon;
grant execute on function public.get_friends(), public.get_friend_requests(text, text),
  public.send_friend_request(text, text), public.respond_to_friend_request(uuid, text, text),
  public.remove_friend(uuid), public.generate_friend_invite_code(), public.accept_friend_invite_code(text)
  to authenticated, service_role;
