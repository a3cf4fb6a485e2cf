-- Notifications (issue 19): what concerns whom. One trigger per table that something happens in;
-- each works out the people the change concerns and hands them to private.deliver (which drops
-- the author, non-members and whoever turned the category off).
--
-- The author is the caller (auth.uid()); where the caller is not a user (the service role, the
-- seed, a maintenance job) the row's own author column stands in (sender, author, created_by), so
-- nobody is told of their own change.
--
--   invitations     event_invitation (to the invitee, when the invitation is made or the address
--                   gets an account), invitation_answered (to the sender), member_added (a
--                   manager added you), friend_request, friend_request_answered
--   mentions        chat_reply (to the replied message's author), chat_mention (@First name or
--                   @Full Name of a member)
--   chat            chat_message (every other member)
--   schedule_lists  checklist_assigned, schedule_assigned
--   rides           ride_seat_taken and ride_seat_released (to the driver; to the passenger when
--                   someone else took them off), ride_changed and ride_cancelled (to the passengers)
--   money           expense_added, expense_changed, expense_deleted (to whoever paid or has a
--                   share), payment_recorded and payment_undone (to both people)
--   event_changes   member_joined (to the managers), ownership_received (a change of
--                   events.created_by), event_changed (dates or place), announcement
-- Followers of an organizer event also get new rides and schedule items (follow-only activity).
-- A member who leaves or is removed loses the notifications of that event; a deleted event's
-- notifications go from everyone's bell (soft deletes, so the devices' pulls see them go).

create function private.format_money(p_minor bigint, p_currency text) returns text
language sql immutable
set search_path = ''
as $$ select p_currency || ' ' || to_char(p_minor / 100.0, 'FM999999999990.00') $$;

create function private.format_when(p_at timestamp) returns text
language sql immutable
set search_path = ''
as $$ select to_char(p_at, 'Dy DD Mon, HH24:MI') $$;

create function private.snippet(p_text text, p_length int default 140) returns text
language sql immutable
set search_path = ''
as $$
  select case when length(t) > p_length then left(t, p_length - 1) || '…' else t end
  from (select btrim(regexp_replace(coalesce(p_text, ''), '\s+', ' ', 'g')) as t) s
$$;

-- True when the text mentions the name as @Name (case-insensitive, not inside a longer word).
-- Every character of the name that is not a letter, digit or space is escaped (a backslash before
-- a non-alphanumeric character is that character), so no name can break the pattern.
create function private.mentions(p_body text, p_name text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(length(btrim(p_name)), 0) > 0 and p_body ~* (
    '(^|[^[:alnum:]_])@' || regexp_replace(btrim(p_name), '([^[:alnum:][:space:]])', '\\\1', 'g')
    || '($|[^[:alnum:]_])')
$$;

-- Invitations ------------------------------------------------------------------------------------
create function private.event_invitations_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event public.events;
  v_answer text;
begin
  select * into v_event from public.events e where e.id = new.event_id;
  if v_event.status = 'deleted' then
    return null;
  end if;
  -- The invitee hears of it when it is made, or when their address gets an account.
  if new.recipient_id is not null and new.status = 'pending' and new.deleted_at is null
     and (tg_op = 'INSERT' or old.recipient_id is distinct from new.recipient_id) then
    perform private.deliver(array[new.recipient_id], 'event_invitation', 'invitations', new.event_id,
      coalesce(auth.uid(), new.sender_id), format('Invitation to %s', v_event.name),
      coalesce(nullif(btrim(new.message), ''), format('%s has invited you to join %s', private.person_name(new.sender_id), v_event.name)),
      jsonb_build_object('path', '/dashboard', 'invitation_id', new.id), p_members_only => false, p_follow => false);
  end if;
  if tg_op = 'INSERT' then
    -- Every invitation is mailed (with its sign-up link); an account may turn invitation mail off.
    if new.status = 'pending' and new.deleted_at is null and (new.recipient_id is null or coalesce((
        select (s.channels -> 'invitations' ->> 'mail')::boolean from public.notification_settings s
        where s.user_id = new.recipient_id), true)) then
      insert into private.mail_jobs (kind, invitation_id, user_id) values ('invitation', new.id, new.recipient_id);
    end if;
    return null;
  end if;
  if new.deleted_at is not null and old.deleted_at is null then
    -- Cancelled: the invitation disappears from the invitee's bell.
    update public.notifications n set deleted_at = clock_timestamp()
    where n.user_id = new.recipient_id and n.kind = 'event_invitation' and n.deleted_at is null
      and n.data ->> 'invitation_id' = new.id::text;
    return null;
  end if;
  if old.status = 'pending' and new.status in ('accepted', 'declined') then
    update public.notifications n set read_at = clock_timestamp()
    where n.user_id = new.recipient_id and n.kind = 'event_invitation' and n.read_at is null
      and n.data ->> 'invitation_id' = new.id::text;
    v_answer := case new.status when 'accepted' then 'accepted' else 'declined' end;
    perform private.deliver(array[new.sender_id], 'invitation_answered', 'invitations', new.event_id,
      coalesce(auth.uid(), new.recipient_id),
      format('%s %s your invitation', private.person_name(new.recipient_id), v_answer),
      coalesce(nullif(btrim(new.response_message), ''), format('to %s', v_event.name)),
      jsonb_build_object('path', format('/events/%s', new.event_id), 'invitation_id', new.id, 'status', new.status),
      p_follow => false);
  end if;
  return null;
end
$$;
create trigger event_invitations_notify after insert or update on public.event_invitations
  for each row execute function private.event_invitations_notify();

-- Friends ------------------------------------------------------------------------------------------
create function private.friend_requests_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'pending' and new.deleted_at is null then
      perform private.deliver(array[new.recipient_id], 'friend_request', 'invitations', null, new.sender_id,
        format('%s sent you a friend request', private.person_name(new.sender_id)), coalesce(new.message, ''),
        jsonb_build_object('path', '/profile/friends', 'request_id', new.id));
    end if;
    return null;
  end if;
  if old.status = 'pending' and new.status in ('accepted', 'rejected') then
    update public.notifications n set read_at = clock_timestamp()
    where n.user_id = new.recipient_id and n.kind = 'friend_request' and n.read_at is null
      and n.data ->> 'request_id' = new.id::text;
    perform private.deliver(array[new.sender_id], 'friend_request_answered', 'invitations', null,
      coalesce(auth.uid(), new.recipient_id),
      format('%s %s your friend request', private.person_name(new.recipient_id),
        case new.status when 'accepted' then 'accepted' else 'declined' end),
      coalesce(new.response_message, ''),
      jsonb_build_object('path', '/profile/friends', 'request_id', new.id, 'status', new.status));
  end if;
  return null;
end
$$;
create trigger friend_requests_notify after insert or update of status on public.friend_requests
  for each row execute function private.friend_requests_notify();

-- Chat -----------------------------------------------------------------------------------------------
create function private.chat_messages_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(new.author_id, auth.uid());
  v_author text := private.person_name(v_actor);
  v_event text;
  v_text text := private.snippet(new.body);
  v_path jsonb := jsonb_build_object('path', format('/events/%s/chat', new.event_id), 'message_id', new.id);
  v_replied uuid;
  v_mentioned uuid[];
  v_rest uuid[];
begin
  if new.imported or new.deleted_at is not null then
    return null;
  end if;
  select e.name into v_event from public.events e where e.id = new.event_id;
  if new.reply_to_id is not null then
    select m.author_id into v_replied from public.chat_messages m where m.id = new.reply_to_id and m.deleted_at is null;
    if v_replied is distinct from v_actor then
      perform private.deliver(array[v_replied], 'chat_reply', 'mentions', new.event_id, v_actor,
        format('%s replied to you in %s', v_author, v_event), v_text, v_path, p_follow => false);
    end if;
  end if;
  if position('@' in new.body) > 0 then
    select array_agg(m.user_id) into v_mentioned
    from public.event_members m join public.profiles p on p.id = m.user_id
    where m.event_id = new.event_id and m.deleted_at is null
      and m.user_id is distinct from v_actor and m.user_id is distinct from v_replied
      and (private.mentions(new.body, p.name)
           or private.mentions(new.body, coalesce(p.first_name, split_part(btrim(p.name), ' ', 1))));
    perform private.deliver(v_mentioned, 'chat_mention', 'mentions', new.event_id, v_actor,
      format('%s mentioned you in %s', v_author, v_event), v_text, v_path, p_follow => false);
  end if;
  select array_agg(m.user_id) into v_rest from public.event_members m
  where m.event_id = new.event_id and m.deleted_at is null and m.user_id is distinct from v_replied
    and not m.user_id = any (coalesce(v_mentioned, '{}'));
  perform private.deliver(v_rest, 'chat_message', 'chat', new.event_id, v_actor, v_event,
    format('%s: %s', v_author, v_text), v_path,
    p_follow_skip => array_remove(coalesce(v_mentioned, '{}') || v_replied, null));
  return null;
end
$$;
create trigger chat_messages_notify after insert on public.chat_messages
  for each row execute function private.chat_messages_notify();

-- Lists and the schedule ---------------------------------------------------------------------------
create function private.checklist_items_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), case when tg_op = 'INSERT' then new.created_by else new.updated_by end);
  v_list text;
begin
  if new.assignee_id is null or new.deleted_at is not null or new.done
     or (tg_op = 'UPDATE' and new.assignee_id is not distinct from old.assignee_id) then
    return null;
  end if;
  select c.title into v_list from public.checklists c where c.id = new.checklist_id;
  perform private.deliver(array[new.assignee_id], 'checklist_assigned', 'schedule_lists', new.event_id, v_actor,
    format('%s assigned you "%s"', private.person_name(v_actor), private.snippet(new.text, 80)),
    format('On the list %s', v_list),
    jsonb_build_object('path', format('/events/%s/checklists', new.event_id), 'checklist_id', new.checklist_id,
      'item_id', new.id),
    p_follow_title => format('%s assigned "%s" to %s', private.person_name(v_actor), private.snippet(new.text, 80),
      private.person_name(new.assignee_id)));
  return null;
end
$$;
create trigger checklist_items_notify after insert or update of assignee_id on public.checklist_items
  for each row execute function private.checklist_items_notify();

create function private.schedule_item_assignees_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_item public.schedule_items;
begin
  if new.deleted_at is not null or (tg_op = 'UPDATE' and old.deleted_at is null) then
    return null;
  end if;
  select * into v_item from public.schedule_items s where s.id = new.item_id;
  perform private.deliver(array[new.user_id], 'schedule_assigned', 'schedule_lists', new.event_id, v_actor,
    case when v_actor is null then format('You are on "%s"', private.snippet(v_item.title, 80))
         else format('%s put you on "%s"', private.person_name(v_actor), private.snippet(v_item.title, 80)) end,
    concat_ws(' · ', private.format_when(v_item.starts_at), v_item.location),
    jsonb_build_object('path', format('/events/%s/schedule', new.event_id), 'schedule_item_id', new.item_id),
    p_follow_title => format('%s is on "%s"', private.person_name(new.user_id), private.snippet(v_item.title, 80)));
  return null;
end
$$;
create trigger schedule_item_assignees_notify after insert or update of deleted_at on public.schedule_item_assignees
  for each row execute function private.schedule_item_assignees_notify();

-- Follow-only activity: a new schedule item.
create function private.schedule_items_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.created_by);
begin
  perform private.deliver('{}', 'schedule_item_added', 'schedule_lists', new.event_id, v_actor,
    format('%s added "%s" to the schedule', private.person_name(v_actor), private.snippet(new.title, 80)),
    concat_ws(' · ', private.format_when(new.starts_at), new.location),
    jsonb_build_object('path', format('/events/%s/schedule', new.event_id), 'schedule_item_id', new.id));
  return null;
end
$$;
create trigger schedule_items_notify after insert on public.schedule_items
  for each row execute function private.schedule_items_notify();

-- Rides ----------------------------------------------------------------------------------------------
create function private.ride_passengers_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.user_id);
  v_ride public.rides;
  v_where text;
  v_data jsonb;
begin
  select * into v_ride from public.rides r where r.id = new.ride_id;
  -- A cancelled ride gives every seat back; its passengers are told of the cancellation instead.
  if v_ride.deleted_at is not null then
    return null;
  end if;
  v_where := format('%s, %s', v_ride.departure_place, private.format_when(v_ride.departs_at));
  v_data := jsonb_build_object('path', format('/events/%s/transport', new.event_id), 'ride_id', new.ride_id);
  if new.deleted_at is null and (tg_op = 'INSERT' or old.deleted_at is not null) then
    perform private.deliver(array[v_ride.driver_id], 'ride_seat_taken', 'rides', new.event_id, v_actor,
      format('%s took a seat in your ride', private.person_name(new.user_id)), v_where, v_data,
      p_follow_title => format('%s took a seat in %s''s ride', private.person_name(new.user_id),
        private.person_name(v_ride.driver_id)));
  elsif tg_op = 'UPDATE' and new.deleted_at is not null and old.deleted_at is null then
    perform private.deliver(array[v_ride.driver_id], 'ride_seat_released', 'rides', new.event_id, v_actor,
      case when v_actor = new.user_id then format('%s gave up their seat in your ride', private.person_name(new.user_id))
           else format('%s took %s off your ride', private.person_name(v_actor), private.person_name(new.user_id)) end,
      v_where, v_data,
      p_follow_title => format('A seat in %s''s ride is free again', private.person_name(v_ride.driver_id)));
    perform private.deliver(array[new.user_id], 'ride_seat_released', 'rides', new.event_id, v_actor,
      format('%s took you off their ride', private.person_name(v_actor)), v_where, v_data, p_follow => false);
  end if;
  return null;
end
$$;
create trigger ride_passengers_notify after insert or update of deleted_at on public.ride_passengers
  for each row execute function private.ride_passengers_notify();

-- Runs before rides_c_release_seats (after-triggers fire by name), so the passengers are still on board.
create function private.rides_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), case when tg_op = 'INSERT' then new.driver_id end);
  v_passengers uuid[];
  v_where text := format('%s, %s', new.departure_place, private.format_when(new.departs_at));
  v_data jsonb := jsonb_build_object('path', format('/events/%s/transport', new.event_id), 'ride_id', new.id);
begin
  if tg_op = 'INSERT' then
    perform private.deliver('{}', 'ride_offered', 'rides', new.event_id, v_actor,
      format('%s offers a ride (%s seats)', private.person_name(new.driver_id), new.seats), v_where, v_data);
    return null;
  end if;
  if old.deleted_at is not null then
    return null;
  end if;
  select array_agg(p.user_id) into v_passengers from public.ride_passengers p
  where p.ride_id = new.id and p.deleted_at is null;
  if new.deleted_at is not null then
    perform private.deliver(v_passengers, 'ride_cancelled', 'rides', new.event_id, v_actor,
      format('%s''s ride is cancelled', private.person_name(new.driver_id)), v_where, v_data);
  elsif row(new.departs_at, new.departure_place, new.stops, new.vehicle, new.direction)
        is distinct from row(old.departs_at, old.departure_place, old.stops, old.vehicle, old.direction) then
    perform private.deliver(v_passengers, 'ride_changed', 'rides', new.event_id, v_actor,
      format('%s''s ride has changed', private.person_name(new.driver_id)),
      format('Now: %s', v_where), v_data);
  end if;
  return null;
end
$$;
create trigger rides_b_notify after insert or update on public.rides
  for each row execute function private.rides_notify();

-- Money ----------------------------------------------------------------------------------------------
-- Whoever paid (main payer and every payer) or has a share of an expense.
create function private.expense_people(p_expense public.expenses) returns uuid[]
language sql immutable
set search_path = ''
as $$
  select array_agg(distinct u) from (
    select p_expense.paid_by as u
    union all select (s ->> 'user_id')::uuid from jsonb_array_elements(p_expense.shares) s
    union all select (p ->> 'user_id')::uuid from jsonb_array_elements(p_expense.payers) p
  ) x where u is not null
$$;

create function private.expenses_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), case when tg_op = 'INSERT' then new.created_by end);
  v_title text := private.snippet(new.title, 80);
  v_data jsonb := jsonb_build_object('path', format('/events/%s/expenses', new.event_id), 'expense_id', new.id);
  v_people uuid[];
  v_body text;
begin
  v_body := format('%s paid by %s', private.format_money(new.amount_minor, new.currency), private.person_name(new.paid_by))
    || case when jsonb_array_length(new.shares) > 1 then format(' · split %s ways', jsonb_array_length(new.shares)) else '' end;
  if tg_op = 'INSERT' then
    if new.deleted_at is null then
      perform private.deliver(private.expense_people(new), 'expense_added', 'money', new.event_id, v_actor,
        format('%s added "%s"', private.person_name(v_actor), v_title), v_body, v_data);
    end if;
    return null;
  end if;
  if old.deleted_at is not null then
    return null;
  end if;
  v_people := private.expense_people(old) || private.expense_people(new);
  if new.deleted_at is not null then
    perform private.deliver(private.expense_people(old), 'expense_deleted', 'money', new.event_id, v_actor,
      format('"%s" was deleted', v_title), v_body, v_data);
  elsif row(new.amount_minor, new.currency, new.rate_e6, new.paid_by, new.payers, new.shares)
        is distinct from row(old.amount_minor, old.currency, old.rate_e6, old.paid_by, old.payers, old.shares) then
    perform private.deliver(v_people, 'expense_changed', 'money', new.event_id, v_actor,
      format('"%s" has changed', v_title), v_body, v_data);
  end if;
  return null;
end
$$;
create trigger expenses_notify after insert or update on public.expenses
  for each row execute function private.expenses_notify();

create function private.settlements_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), case when tg_op = 'INSERT' then new.created_by end);
  v_body text := format('%s paid %s %s', private.person_name(new.from_user), private.person_name(new.to_user),
    private.format_money(new.amount_minor, new.currency));
  v_data jsonb := jsonb_build_object('path', format('/events/%s/expenses', new.event_id), 'settlement_id', new.id);
begin
  if tg_op = 'INSERT' and new.deleted_at is null then
    perform private.deliver(array[new.from_user, new.to_user], 'payment_recorded', 'money', new.event_id, v_actor,
      format('%s recorded a payment', private.person_name(v_actor)), v_body, v_data);
  elsif tg_op = 'UPDATE' and new.deleted_at is not null and old.deleted_at is null then
    perform private.deliver(array[new.from_user, new.to_user], 'payment_undone', 'money', new.event_id, v_actor,
      'A payment was undone', v_body, v_data);
  end if;
  return null;
end
$$;
create trigger settlements_notify after insert or update of deleted_at on public.settlements
  for each row execute function private.settlements_notify();

-- Members and the event ------------------------------------------------------------------------------
create function private.event_members_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.user_id);
  v_event public.events;
  v_managers uuid[];
begin
  if tg_op = 'UPDATE' and new.deleted_at is not null and old.deleted_at is null then
    -- Gone from the event: its notifications lead to pages no longer theirs.
    update public.notifications n set deleted_at = clock_timestamp()
    where n.user_id = new.user_id and n.event_id = new.event_id and n.deleted_at is null;
    return null;
  end if;
  if new.deleted_at is not null or new.role = 'creator' or (tg_op = 'UPDATE' and old.deleted_at is null) then
    return null;
  end if;
  select * into v_event from public.events e where e.id = new.event_id;
  if v_actor is distinct from new.user_id then
    perform private.deliver(array[new.user_id], 'member_added', 'invitations', new.event_id, v_actor,
      format('%s added you to %s', private.person_name(v_actor), v_event.name), '',
      jsonb_build_object('path', format('/events/%s', new.event_id)), p_follow => false);
  end if;
  -- The managers, but not one whose invitation this is: the answer to the invitation tells them.
  select array_agg(m.user_id) into v_managers from public.event_members m
  where m.event_id = new.event_id and m.deleted_at is null and m.role in ('creator', 'admin')
    and m.user_id <> new.user_id
    and not exists (select 1 from public.event_invitations i
                    where i.event_id = new.event_id and i.recipient_id = new.user_id and i.status = 'pending'
                      and i.deleted_at is null and i.sender_id = m.user_id);
  perform private.deliver(v_managers, 'member_joined', 'event_changes', new.event_id, v_actor,
    format('%s joined %s', private.person_name(new.user_id), v_event.name), '',
    jsonb_build_object('path', format('/events/%s', new.event_id), 'user_id', new.user_id));
  return null;
end
$$;
create trigger event_members_notify after insert or update of deleted_at on public.event_members
  for each row execute function private.event_members_notify();

create function private.events_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_members uuid[];
  v_changes text[] := '{}';
begin
  if new.status = 'deleted' then
    if old.status <> 'deleted' then
      -- A deleted event takes its notifications off everyone's bell.
      update public.notifications n set deleted_at = clock_timestamp() where n.event_id = new.id and n.deleted_at is null;
    end if;
    return null;
  end if;
  -- Ownership passed on (ownership transfer, or an account deleted): the new creator is told.
  if new.created_by is distinct from old.created_by then
    perform private.deliver(array[new.created_by], 'ownership_received', 'event_changes', new.id, v_actor,
      format('You now own %s', new.name),
      case when v_actor is null then 'The event was handed over to you.'
           else format('%s handed the event over to you.', private.person_name(v_actor)) end,
      jsonb_build_object('path', format('/events/%s', new.id)), p_follow => false);
  end if;
  if row(new.start_date, new.end_date) is distinct from row(old.start_date, old.end_date) then
    v_changes := v_changes || case
      when new.start_date is null and new.end_date is null then 'Dates: not set'
      when new.end_date is null or new.end_date = new.start_date then format('Date: %s', to_char(coalesce(new.start_date, new.end_date), 'Dy DD Mon YYYY'))
      else format('Dates: %s – %s', to_char(new.start_date, 'Dy DD Mon'), to_char(new.end_date, 'Dy DD Mon YYYY')) end;
  end if;
  if new.location is distinct from old.location then
    v_changes := v_changes || format('Place: %s', coalesce(nullif(btrim(new.location), ''), 'not set'));
  end if;
  if cardinality(v_changes) = 0 then
    return null;
  end if;
  select array_agg(m.user_id) into v_members from public.event_members m
  where m.event_id = new.id and m.deleted_at is null;
  perform private.deliver(v_members, 'event_changed', 'event_changes', new.id, v_actor,
    case when v_actor is null then format('%s has changed', new.name)
         else format('%s changed %s', private.person_name(v_actor), new.name) end,
    array_to_string(v_changes, ' · '), jsonb_build_object('path', format('/events/%s', new.id)));
  return null;
end
$$;
create trigger events_notify after update of created_by, start_date, end_date, location, status, deleted_at on public.events
  for each row execute function private.events_notify();

create function private.announcements_notify() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.author_id);
  v_event text;
  v_members uuid[];
begin
  if new.deleted_at is not null then
    return null;
  end if;
  select e.name into v_event from public.events e where e.id = new.event_id;
  -- The author has seen their own announcement.
  if v_actor is not null then
    insert into public.announcement_reads (announcement_id, event_id, user_id) values (new.id, new.event_id, v_actor)
    on conflict (announcement_id, user_id) do nothing;
  end if;
  select array_agg(m.user_id) into v_members from public.event_members m
  where m.event_id = new.event_id and m.deleted_at is null;
  perform private.deliver(v_members, 'announcement', 'event_changes', new.event_id, v_actor,
    case when new.priority then format('Priority: %s', v_event) else format('Announcement: %s', v_event) end,
    coalesce(new.title || ': ', '') || private.snippet(new.body, 400),
    jsonb_build_object('path', format('/events/%s', new.event_id), 'announcement_id', new.id, 'priority', new.priority),
    p_priority => new.priority);
  return null;
end
$$;
create trigger announcements_notify after insert on public.announcements
  for each row execute function private.announcements_notify();

revoke execute on function private.event_invitations_notify(), private.friend_requests_notify(),
  private.chat_messages_notify(), private.checklist_items_notify(), private.schedule_item_assignees_notify(),
  private.schedule_items_notify(), private.ride_passengers_notify(), private.rides_notify(),
  private.expenses_notify(), private.settlements_notify(), private.event_members_notify(), private.events_notify(),
  private.announcements_notify() from public;
