-- Notifications (issue 19): how one thing that happened becomes rows, pushes and mail, and the
-- procedures of the settings, devices, read state, follows and announcements.
--
-- private.deliver is the one way in: the triggers (next migration) call it with the people a
-- change concerns. It drops the author of the change, anyone who is not (or no longer) a member
-- of the event, and then follows each recipient's settings: an in-app row when in_app is on for
-- the category, a push job per device when push is on (held until quiet hours end), and, for
-- organizer events, a push for the members who follow all of the event's activity. Priority
-- announcements ignore the switches and quiet hours.
--
-- Quiet hours (decision): pushes are held, not dropped or silenced. A push due during the
-- recipient's quiet hours waits in the outbox until they end (in the recipient's time zone) and is
-- then sent; the sender folds several held pushes of one event into one system notification. The
-- in-app row is written at once, so the bell is current whenever the app is opened.

-- Settings ----------------------------------------------------------------------------------------
-- A valid IANA time zone name (PostgreSQL's own list; no catalogue scan).
create function private.is_time_zone(p_name text) returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  perform clock_timestamp() at time zone p_name;
  return p_name is not null and length(p_name) <= 64;
exception when others then
  return false;
end
$$;

-- Switches as sent (whole or in part) laid over a base (the defaults, or the row's current ones).
-- Anything that is not a known category, channel and boolean is refused with a clear message.
create function private.merge_channels(p_base jsonb, p_changes jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_result jsonb := coalesce(p_base, public.notification_channel_defaults());
  v_category text;
  v_switches jsonb;
  v_channel text;
  v_value jsonb;
begin
  if p_changes is null then
    return v_result;
  end if;
  if jsonb_typeof(p_changes) <> 'object' then
    raise exception 'Notification channels must be an object of categories.' using errcode = '22023';
  end if;
  for v_category, v_switches in select * from jsonb_each(p_changes) loop
    if not v_category = any (private.notification_categories()) then
      raise exception '%', format('Unknown notification category: %s (use %s).', v_category,
        array_to_string(private.notification_categories(), ', ')) using errcode = '22023';
    end if;
    if jsonb_typeof(v_switches) <> 'object' then
      raise exception '%', format('The channels of %s must be an object of in_app, push and mail.', v_category)
        using errcode = '22023';
    end if;
    for v_channel, v_value in select * from jsonb_each(v_switches) loop
      if v_channel not in ('in_app', 'push', 'mail') then
        raise exception '%', format('Unknown notification channel: %s (use in_app, push or mail).', v_channel)
          using errcode = '22023';
      end if;
      if jsonb_typeof(v_value) <> 'boolean' then
        raise exception '%', format('%s.%s must be true or false.', v_category, v_channel) using errcode = '22023';
      end if;
      v_result := jsonb_set(v_result, array[v_category, v_channel], v_value, true);
    end loop;
  end loop;
  return v_result;
end
$$;

-- Security definer: the API roles cannot reach the private schema's helpers. last_digest_at has
-- no client grant, so a client cannot move it.
create function private.notification_settings_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.channels := private.merge_channels(
    case when tg_op = 'UPDATE' then old.channels else public.notification_channel_defaults() end,
    case when tg_op = 'UPDATE' and new.channels = old.channels then null else new.channels end);
  if not private.is_time_zone(new.time_zone) then
    raise exception '%', format('Unknown time zone: %s (use an IANA name such as Europe/Zurich).', new.time_zone)
      using errcode = '22023';
  end if;
  return new;
end
$$;
create trigger notification_settings_rules before insert or update on public.notification_settings
  for each row execute function private.notification_settings_rules();

-- The form of the profile page stored three switches in profiles.notification_settings before
-- this table existed ({invitations, event_updates, chat_messages}); off turns the whole category
-- off, on gives it its defaults. Existing accounts start from what they chose there.
create function private.channels_from_profile_choices(p_choices jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select private.merge_channels(public.notification_channel_defaults(),
    coalesce(jsonb_object_agg(m.category, case when (p_choices ->> m.choice)::boolean is false
      then '{"in_app": false, "push": false, "mail": false}'::jsonb
      else public.notification_channel_defaults() -> m.category end), '{}'::jsonb))
  from (values ('invitations', 'invitations'), ('event_updates', 'event_changes'), ('chat_messages', 'chat')) as m (choice, category)
  where jsonb_typeof(p_choices) = 'object' and jsonb_typeof(p_choices -> m.choice) = 'boolean'
$$;

insert into public.notification_settings (user_id, channels)
select p.id, private.channels_from_profile_choices(p.notification_settings) from public.profiles p
on conflict (user_id) do nothing;

create function private.profiles_notification_settings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changed jsonb := '{}'::jsonb;
  v_choice text;
  v_category text;
begin
  if tg_op = 'INSERT' then
    insert into public.notification_settings (user_id, channels)
    values (new.id, private.channels_from_profile_choices(new.notification_settings))
    on conflict (user_id) do nothing;
    return null;
  end if;
  -- Only the switches the old form changed are carried over, the rest of the settings stay.
  for v_choice, v_category in select * from (values ('invitations', 'invitations'), ('event_updates', 'event_changes'),
      ('chat_messages', 'chat')) as m (choice, category) loop
    if jsonb_typeof(new.notification_settings -> v_choice) = 'boolean'
       and (new.notification_settings -> v_choice) is distinct from (old.notification_settings -> v_choice) then
      v_changed := v_changed || jsonb_build_object(v_category, case when (new.notification_settings ->> v_choice)::boolean
        then public.notification_channel_defaults() -> v_category
        else '{"in_app": false, "push": false, "mail": false}'::jsonb end);
    end if;
  end loop;
  if v_changed <> '{}'::jsonb then
    insert into public.notification_settings (user_id) values (new.id) on conflict (user_id) do nothing;
    update public.notification_settings set channels = private.merge_channels(channels, v_changed) where user_id = new.id;
  end if;
  return null;
end
$$;
create trigger profiles_notification_settings after insert or update of notification_settings on public.profiles
  for each row execute function private.profiles_notification_settings();

-- One switch at a time: two devices changing different switches offline both keep theirs.
-- Security invoker: it writes the caller's own row under its policies; notification_settings_rules
-- refuses an unknown category or channel (22023), which comes back as the answer's message.
create function public.set_notification_channel(p_category text, p_channel text, p_enabled boolean) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_channels jsonb;
begin
  if p_enabled is null then
    return public.result(false, 'Choose on or off.');
  end if;
  if p_category is null or p_channel is null then
    return public.result(false, 'Choose a notification category and a channel (in_app, push or mail).');
  end if;
  begin
    insert into public.notification_settings (user_id) values (v_uid) on conflict (user_id) do nothing;
    update public.notification_settings
    set channels = jsonb_set(channels, array[p_category],
      coalesce(channels -> p_category, '{}'::jsonb) || jsonb_build_object(p_channel, p_enabled), true)
    where user_id = v_uid and (channels -> p_category -> p_channel) is distinct from to_jsonb(p_enabled)
    returning channels into v_channels;
  exception when sqlstate '22023' then
    return public.result(false, sqlerrm);
  end;
  if v_channels is null then
    select s.channels into v_channels from public.notification_settings s where s.user_id = v_uid;
  end if;
  return public.result(true, 'Notification settings saved', jsonb_build_object('channels', v_channels));
end
$$;
comment on function public.set_notification_channel(text, text, boolean) is
  'Turns one channel (in_app, push, mail) of one category on or off for the caller.';

-- Who gets what ------------------------------------------------------------------------------------
create function private.person_name(p_user_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select coalesce((select coalesce(nullif(btrim(p.name), ''), split_part(p.email, '@', 1))
                   from public.profiles p where p.id = p_user_id), 'Someone')
$$;

-- The end of the quiet hours that p_at falls in (a timestamptz), or null when p_at is not in them.
create function private.quiet_hours_end(p_enabled boolean, p_start time, p_end time, p_time_zone text,
  p_at timestamptz) returns timestamptz
language plpgsql stable
set search_path = ''
as $$
declare
  v_local timestamp;
  v_time time;
  v_end timestamp;
begin
  if not coalesce(p_enabled, false) or p_start = p_end then
    return null;
  end if;
  v_local := p_at at time zone p_time_zone;
  v_time := v_local::time;
  if p_start < p_end then
    if v_time < p_start or v_time >= p_end then
      return null;
    end if;
    v_end := v_local::date + p_end;
  else
    -- over midnight: 22:00-07:00
    if v_time < p_start and v_time >= p_end then
      return null;
    end if;
    v_end := case when v_time >= p_start then v_local::date + 1 else v_local::date end + p_end;
  end if;
  return v_end at time zone p_time_zone;
end
$$;

-- The people a change concerns -> rows, pushes (and, through the digest, mail). See the header.
--   p_users         the recipients (null entries, duplicates and the actor are dropped)
--   p_members_only  drop anyone who is not an active member of p_event_id (not for invitations)
--   p_follow        also push to the event's followers (organizer events), with p_follow_title/_body
--   p_follow_skip   followers who already heard of it another way
create function private.deliver(
  p_users uuid[], p_kind text, p_category text, p_event_id uuid, p_actor uuid, p_title text, p_body text,
  p_data jsonb default '{}'::jsonb, p_priority boolean default false, p_members_only boolean default true,
  p_follow boolean default true, p_follow_title text default null, p_follow_body text default null,
  p_follow_skip uuid[] default '{}'
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := clock_timestamp();
  v_event_name text;
  v_title text := left(coalesce(p_title, ''), 300);
  v_body text := left(coalesce(p_body, ''), 1000);
  v_payload jsonb;
  v_pushed uuid[];
begin
  if p_event_id is not null then
    select e.name into v_event_name from public.events e where e.id = p_event_id;
  end if;
  v_payload := jsonb_build_object('kind', p_kind, 'category', p_category, 'event_id', p_event_id,
    'event_name', v_event_name, 'tag', coalesce(p_event_id::text, p_category), 'path', p_data ->> 'path',
    'priority', p_priority);

  with recipients as (
    select distinct u.user_id
    from unnest(p_users) as u (user_id)
    where u.user_id is not null and u.user_id is distinct from p_actor
      and (not p_members_only or p_event_id is null or exists (
        select 1 from public.event_members m
        where m.event_id = p_event_id and m.user_id = u.user_id and m.deleted_at is null))
  ), targets as (
    select r.user_id,
      p_priority or coalesce((coalesce(s.channels, public.notification_channel_defaults()) -> p_category ->> 'in_app')::boolean, false) as in_app,
      -- A suspended account's devices get nothing (its rows wait, unread, for a reactivation).
      (p_priority or coalesce((coalesce(s.channels, public.notification_channel_defaults()) -> p_category ->> 'push')::boolean, false))
        and not exists (select 1 from auth.users u where u.id = r.user_id and u.banned_until > v_now) as push,
      case when p_priority then null
           else private.quiet_hours_end(s.quiet_hours_enabled, s.quiet_hours_start, s.quiet_hours_end, s.time_zone, v_now) end
        as held_until
    from recipients r
    left join public.notification_settings s on s.user_id = r.user_id
  ), rows_made as (
    insert into public.notifications (user_id, event_id, kind, category, actor_id, title, body, data)
    select t.user_id, p_event_id, p_kind, p_category, p_actor, v_title, v_body, coalesce(p_data, '{}'::jsonb)
    from targets t where t.in_app
    returning id, user_id
  ), pushes as (
    insert into private.push_jobs (subscription_id, user_id, notification_id, payload, urgency, available_at)
    select d.id, t.user_id, r.id,
      v_payload || jsonb_build_object('title', v_title, 'body', v_body, 'notification_id', r.id),
      case when p_priority then 'high' else 'normal' end, coalesce(t.held_until, v_now)
    from targets t
    join public.push_subscriptions d on d.user_id = t.user_id
    left join rows_made r on r.user_id = t.user_id
    where t.push
    returning user_id
  )
  select coalesce(array_agg(distinct p.user_id), '{}') into v_pushed from pushes p;

  if not p_follow or p_event_id is null or not private.event_has_feature(p_event_id, 'priority_notifications') then
    return;
  end if;
  insert into private.push_jobs (subscription_id, user_id, payload, urgency, available_at)
  select d.id, f.user_id,
    v_payload || jsonb_build_object('title', left(coalesce(p_follow_title, v_title), 300),
      'body', left(coalesce(p_follow_body, v_body), 1000), 'notification_id', null, 'followed', true),
    'normal',
    coalesce(private.quiet_hours_end(s.quiet_hours_enabled, s.quiet_hours_start, s.quiet_hours_end, s.time_zone, v_now), v_now)
  from public.event_follows f
  join public.event_members m on m.event_id = f.event_id and m.user_id = f.user_id and m.deleted_at is null
  join public.push_subscriptions d on d.user_id = f.user_id
  left join public.notification_settings s on s.user_id = f.user_id
  where f.event_id = p_event_id and f.deleted_at is null
    and f.user_id is distinct from p_actor
    and not exists (select 1 from auth.users u where u.id = f.user_id and u.banned_until > v_now)
    and not f.user_id = any (v_pushed)
    and not f.user_id = any (coalesce(p_follow_skip, '{}'));
end
$$;
comment on function private.deliver(uuid[], text, text, uuid, uuid, text, text, jsonb, boolean, boolean, boolean, text, text, uuid[]) is
  'Turns one change into notification rows and push jobs for the people it concerns, as their settings say.';

-- Read state ---------------------------------------------------------------------------------------
-- A read time is never in the future and, once set, a replay from another device keeps the first
-- one; a withdrawn notification (soft-deleted) stays as it is.
create function private.notifications_read_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user <> 'authenticated' then
    return new;
  end if;
  if old.deleted_at is not null then
    return old;
  end if;
  if new.read_at is not null then
    new.read_at := least(coalesce(old.read_at, new.read_at), new.read_at, clock_timestamp());
  end if;
  return new;
end
$$;
create trigger notifications_read_rules before update on public.notifications
  for each row execute function private.notifications_read_rules();

create function public.mark_notifications_read(p_ids uuid[], p_read_at timestamptz default null) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_count int;
begin
  if coalesce(cardinality(p_ids), 0) > 1000 then
    return public.result(false, 'At most 1,000 notifications can be marked read at once.');
  end if;
  update public.notifications n set read_at = least(coalesce(p_read_at, clock_timestamp()), clock_timestamp())
  where n.user_id = v_uid and n.id = any (coalesce(p_ids, '{}')) and n.read_at is null and n.deleted_at is null;
  get diagnostics v_count = row_count;
  return public.result(true, 'Marked as read.', jsonb_build_object('marked', v_count));
end
$$;
comment on function public.mark_notifications_read(uuid[], timestamptz) is
  'Marks the caller''s notifications read (idempotent: a replay changes nothing).';

-- Everything of one event (or, with p_event_id null, everything) the device had shown up to
-- p_before: a replay after newer notifications arrived does not mark those read.
create function public.mark_all_notifications_read(p_event_id uuid default null, p_before timestamptz default null)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_now timestamptz := clock_timestamp();
  v_before timestamptz := least(coalesce(p_before, clock_timestamp()), clock_timestamp());
  v_count int;
begin
  update public.notifications n set read_at = v_now
  where n.user_id = v_uid and n.read_at is null and n.deleted_at is null and n.created_at <= v_before
    and (p_event_id is null or n.event_id = p_event_id);
  get diagnostics v_count = row_count;
  return public.result(true, 'Marked as read.', jsonb_build_object('marked', v_count));
end
$$;
comment on function public.mark_all_notifications_read(uuid, timestamptz) is
  'Marks the caller''s notifications (of one event, or all) created up to p_before read.';

-- Devices ------------------------------------------------------------------------------------------
-- A browser's subscription for the caller. The endpoint is unique to that browser profile: when
-- another account signed in there before, the device now belongs to the caller.
create function public.register_push_subscription(p_endpoint text, p_p256dh text, p_auth text,
  p_device_label text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_endpoint text := btrim(coalesce(p_endpoint, ''));
  v_p256dh text := rtrim(btrim(coalesce(p_p256dh, '')), '=');
  v_auth text := rtrim(btrim(coalesce(p_auth, '')), '=');
  v_key bytea;
  v_id uuid;
begin
  if v_endpoint !~ '^https?://[^\s/]+/\S*$' or length(v_endpoint) > 2000 then
    return public.result(false, 'This push subscription has no valid endpoint.');
  end if;
  v_key := private.base64url_decode(v_p256dh);
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    return public.result(false, 'This push subscription''s p256dh key is not a P-256 public key.');
  end if;
  if coalesce(length(private.base64url_decode(v_auth)), 0) <> 16 then
    return public.result(false, 'This push subscription''s auth secret must be 16 bytes.');
  end if;
  if length(p_device_label) > 100 then
    return public.result(false, 'The device name can be 100 characters at most.');
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, device_label)
  values (v_uid, v_endpoint, v_p256dh, v_auth, nullif(btrim(p_device_label), ''))
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
        device_label = coalesce(excluded.device_label, public.push_subscriptions.device_label)
  returning id into v_id;
  -- What was queued for the browser's former account stays with that account.
  delete from private.push_jobs j where j.subscription_id = v_id and j.user_id <> v_uid and j.status in ('pending', 'sending');
  return public.result(true, 'System notifications are on for this device.', jsonb_build_object('id', v_id));
end
$$;
comment on function public.register_push_subscription(text, text, text, text) is
  'Stores the caller''s Web Push subscription of this browser (it moves to the caller if another account had it).';

create function public.unregister_push_subscription(p_endpoint text) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
begin
  delete from public.push_subscriptions s where s.endpoint = btrim(coalesce(p_endpoint, '')) and s.user_id = v_uid;
  return public.result(true, 'System notifications are off for this device.');
end
$$;

-- Following (organizer) ----------------------------------------------------------------------------
create function public.set_event_follow(p_event_id uuid, p_follow boolean default true) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
begin
  if not private.is_event_member(p_event_id) then
    return public.result(false, 'You are not a member of this event');
  end if;
  if coalesce(p_follow, false) then
    perform private.require_event_feature(p_event_id, 'priority_notifications');
    insert into public.event_follows (event_id, user_id) values (p_event_id, v_uid)
    on conflict (event_id, user_id) do update set deleted_at = null where public.event_follows.deleted_at is not null;
    return public.result(true, 'You follow all activity of this event.', jsonb_build_object('following', true));
  end if;
  update public.event_follows f set deleted_at = clock_timestamp()
  where f.event_id = p_event_id and f.user_id = v_uid and f.deleted_at is null;
  return public.result(true, 'You no longer follow this event.', jsonb_build_object('following', false));
end
$$;
comment on function public.set_event_follow(uuid, boolean) is
  'Follows (organizer events) or unfollows all activity of an event as system notifications.';

-- Announcements ------------------------------------------------------------------------------------
create function private.announcements_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if row(new.event_id, new.author_id, new.title, new.body, new.priority, new.created_at)
       is distinct from row(old.event_id, old.author_id, old.title, old.body, old.priority, old.created_at) then
      raise exception 'An announcement cannot be changed; withdraw it and post it again.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  if new.priority then
    perform private.require_event_feature(new.event_id, 'priority_notifications');
  end if;
  if exists (select 1 from public.events e where e.id = new.event_id and e.status = 'deleted') then
    raise exception 'This event has been deleted.' using errcode = 'P0001';
  end if;
  new.created_at := clock_timestamp();
  return new;
end
$$;
create trigger announcements_b_rules before insert or update on public.announcements
  for each row execute function private.announcements_rules();

create function public.mark_announcement_seen(p_announcement_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_event uuid;
begin
  select a.event_id into v_event from public.announcements a where a.id = p_announcement_id;
  if v_event is null or not private.is_event_member(v_event) then
    return public.result(false, 'This announcement is not in one of your events.');
  end if;
  insert into public.announcement_reads (announcement_id, event_id, user_id) values (p_announcement_id, v_event, v_uid)
  on conflict (announcement_id, user_id) do nothing;
  update public.notifications n set read_at = clock_timestamp()
  where n.user_id = v_uid and n.kind = 'announcement' and n.read_at is null
    and n.data ->> 'announcement_id' = p_announcement_id::text;
  return public.result(true, 'Seen.');
end
$$;
comment on function public.mark_announcement_seen(uuid) is 'Unpins an announcement for the caller (idempotent).';

revoke execute on function private.deliver(uuid[], text, text, uuid, uuid, text, text, jsonb, boolean, boolean, boolean, text, text, uuid[]),
  private.notification_settings_rules(), private.profiles_notification_settings(), private.notifications_read_rules(),
  private.announcements_rules() from public;
revoke execute on function public.set_notification_channel(text, text, boolean),
  public.mark_notifications_read(uuid[], timestamptz), public.mark_all_notifications_read(uuid, timestamptz),
  public.register_push_subscription(text, text, text, text), public.unregister_push_subscription(text),
  public.set_event_follow(uuid, boolean), public.mark_announcement_seen(uuid) from public, anon;
grant execute on function public.set_notification_channel(text, text, boolean),
  public.mark_notifications_read(uuid[], timestamptz), public.mark_all_notifications_read(uuid, timestamptz),
  public.register_push_subscription(text, text, text, text), public.unregister_push_subscription(text),
  public.set_event_follow(uuid, boolean), public.mark_announcement_seen(uuid) to authenticated, service_role;
