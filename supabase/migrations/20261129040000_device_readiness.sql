-- Ready for no signal (issue 24): each device reports, per event, when it last held everything of
-- the event (every row, photo, avatar and the app's own files) and which app version it runs. The
-- event's members read the rows (the overview's "Ready for no signal: 5 of 7"); nobody writes them
-- but report_device_ready (the caller's own device, as a member), and forget_device ends a device of
-- the caller's (a tombstone, so other devices' delta pulls drop it). Managers nudge a member who is
-- not ready (send_readiness_nudge): a notification through private.deliver, at most once per member
-- and event an hour (private.readiness_nudges keeps the last one).

create table public.device_readiness (
  id uuid not null default gen_random_uuid() unique,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  device_id uuid not null,
  device_label text not null default '' check (length(device_label) <= 100),
  app_version text not null check (length(app_version) between 1 and 40),
  ready_at timestamptz not null default clock_timestamp(),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (event_id, user_id, device_id)
);
create index device_readiness_user_idx on public.device_readiness (user_id, device_id);
create index device_readiness_updated_at_idx on public.device_readiness (updated_at, id);
comment on table public.device_readiness is
  'Per event and member device: when it last held everything of the event offline, and its app version; written by report_device_ready only.';

create trigger device_readiness_updated_at before update on public.device_readiness
  for each row execute function public.set_updated_at();

alter table public.device_readiness enable row level security;
revoke all on public.device_readiness from anon, authenticated;
grant select on public.device_readiness to authenticated;

create policy "Members can read their events' device readiness" on public.device_readiness
  for select to authenticated using (private.is_event_member(event_id));
-- Like every table under RLS (20261126100100): a suspended account reaches nothing.
create policy "Suspended accounts have no access" on public.device_readiness as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));

alter table public.device_readiness replica identity full;
alter publication supabase_realtime add table public.device_readiness;

-- The last nudge per member and event (server only: the rate limit).
create table private.readiness_nudges (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  nudged_by uuid references public.profiles (id) on delete set null,
  nudged_at timestamptz not null default clock_timestamp(),
  primary key (event_id, user_id)
);
create index readiness_nudges_user_idx on private.readiness_nudges (user_id);
create index readiness_nudges_nudged_by_idx on private.readiness_nudges (nudged_by) where nudged_by is not null;
comment on table private.readiness_nudges is 'When a member was last nudged to get an event ready (once an hour at most).';
revoke all on private.readiness_nudges from public, anon, authenticated;

-- The caller's device is ready for the event now (server time: the copy is as new as this moment).
create function public.report_device_ready(p_event_id uuid, p_device_id uuid, p_app_version text,
  p_device_label text default '') returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_version text := btrim(coalesce(p_app_version, ''));
  v_label text := left(btrim(coalesce(p_device_label, '')), 100);
  v_ready_at timestamptz := clock_timestamp();
begin
  if p_event_id is null or not private.is_event_member(p_event_id) then
    return public.result(false, 'You are not a member of this event');
  end if;
  if p_device_id is null then
    return public.result(false, 'This device has no id');
  end if;
  if length(v_version) not between 1 and 40 then
    return public.result(false, 'The app version must be 1 to 40 characters');
  end if;
  insert into public.device_readiness (event_id, user_id, device_id, device_label, app_version, ready_at)
  values (p_event_id, v_uid, p_device_id, v_label, v_version, v_ready_at)
  on conflict (event_id, user_id, device_id) do update
    set device_label = excluded.device_label, app_version = excluded.app_version,
        ready_at = excluded.ready_at, deleted_at = null;
  return public.result(true, 'Ready for no signal', jsonb_build_object('ready_at', v_ready_at));
end
$$;
comment on function public.report_device_ready(uuid, uuid, text, text) is
  'The caller''s device holds everything of the event now (Get ready, or kept ready while online).';

-- The caller forgets one of their devices: its rows of every event become tombstones.
create function public.forget_device(p_device_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_count int;
begin
  update public.device_readiness d set deleted_at = clock_timestamp()
  where d.user_id = v_uid and d.device_id = p_device_id and d.deleted_at is null;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return public.result(false, 'This device is not one of yours, or it is already forgotten');
  end if;
  return public.result(true, 'Device forgotten', jsonb_build_object('events', v_count));
end
$$;
comment on function public.forget_device(uuid) is 'Ends the readiness rows of one of the caller''s devices (every event).';

-- A manager asks a member to get the event ready: one notification, at most once an hour per member.
create function public.send_readiness_nudge(p_event_id uuid, p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_now timestamptz := clock_timestamp();
  v_event_name text;
  v_last timestamptz;
begin
  if p_event_id is null or not private.is_event_manager(p_event_id) then
    return public.result(false, 'Only the event''s managers can nudge members');
  end if;
  if p_user_id is null or not exists (
    select 1 from public.event_members m
    where m.event_id = p_event_id and m.user_id = p_user_id and m.deleted_at is null) then
    return public.result(false, 'This person is not a member of the event');
  end if;
  if p_user_id = v_uid then
    return public.result(false, 'You cannot nudge yourself');
  end if;
  select n.nudged_at into v_last from private.readiness_nudges n
  where n.event_id = p_event_id and n.user_id = p_user_id for update;
  if v_last is not null and v_last > v_now - interval '1 hour' then
    return public.result(false, format('%s was nudged less than an hour ago; try again after %s UTC',
      coalesce(private.person_name(p_user_id), 'This member'), to_char(v_last + interval '1 hour', 'HH24:MI')),
      jsonb_build_object('next_at', v_last + interval '1 hour'));
  end if;
  insert into private.readiness_nudges (event_id, user_id, nudged_by, nudged_at)
  values (p_event_id, p_user_id, v_uid, v_now)
  on conflict (event_id, user_id) do update set nudged_by = excluded.nudged_by, nudged_at = excluded.nudged_at;
  select e.name into v_event_name from public.events e where e.id = p_event_id;
  perform private.deliver(array[p_user_id], 'readiness_nudge', 'event_changes', p_event_id, v_uid,
    format('Get %s ready for no signal', v_event_name),
    format('%s asks you to open CrewCamp while you have a signal and press Get ready on the event''s overview, so everything of %s is on your phone.',
      coalesce(private.person_name(v_uid), 'A manager'), v_event_name),
    jsonb_build_object('path', '/events/' || p_event_id), false, true, false);
  return public.result(true, 'Nudge sent');
end
$$;
comment on function public.send_readiness_nudge(uuid, uuid) is
  'A manager asks a member to get the event ready for no signal (a notification; once an hour per member).';

revoke execute on function public.report_device_ready(uuid, uuid, text, text), public.forget_device(uuid),
  public.send_readiness_nudge(uuid, uuid) from public, anon;
grant execute on function public.report_device_ready(uuid, uuid, text, text), public.forget_device(uuid),
  public.send_readiness_nudge(uuid, uuid) to authenticated, service_role;
