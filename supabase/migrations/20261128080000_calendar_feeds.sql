-- A per-member secret calendar feed (issue 21): one URL per member that a calendar app subscribes
-- to, carrying the schedules of every event the member is still in (one subscription is what
-- calendar users expect; a URL per event would mean re-subscribing for every new event). The
-- calendar-feed server function reads it with the service role, as calendar apps send no JWT.
--
-- The token is a bearer secret: only its SHA-256 is stored, the plain token is returned once by
-- create_calendar_feed (which also rotates: the old URL stops working at once). Turning the feed
-- off keeps the row with revoked_at, so the owner sees when it was turned off.

create table public.calendar_feeds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token_hash bytea not null unique check (length(token_hash) = 32),
  created_at timestamptz not null default clock_timestamp(),
  revoked_at timestamptz
);
comment on table public.calendar_feeds is
  'The member''s secret calendar feed: the SHA-256 of its token; read by the calendar-feed function.';

alter table public.calendar_feeds enable row level security;
-- Only the owner reads their row; every change goes through the procedures below.
create policy "Members read their own calendar feed" on public.calendar_feeds for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Suspended accounts have no access" on public.calendar_feeds as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
revoke all on public.calendar_feeds from anon, authenticated;
grant select (user_id, created_at, revoked_at) on public.calendar_feeds to authenticated;
grant all on public.calendar_feeds to service_role;

/** A new token for the caller's feed (creates it or rotates it); the plain token is returned only here. */
create function public.create_calendar_feed() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_token text := private.base64url_encode(extensions.gen_random_bytes(32));
begin
  if not private.is_active_user() then
    raise exception 'Your account is suspended.' using errcode = '42501';
  end if;
  insert into public.calendar_feeds (user_id, token_hash)
  values (v_uid, sha256(convert_to(v_token, 'UTF8')))
  on conflict (user_id) do update
    set token_hash = excluded.token_hash, created_at = clock_timestamp(), revoked_at = null;
  return v_token;
end
$$;
revoke execute on function public.create_calendar_feed() from public, anon;
grant execute on function public.create_calendar_feed() to authenticated;

/** Turns the caller's feed off: its URL answers 404 from now on. */
create function public.revoke_calendar_feed() returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
begin
  if not private.is_active_user() then
    raise exception 'Your account is suspended.' using errcode = '42501';
  end if;
  update public.calendar_feeds set revoked_at = clock_timestamp()
  where user_id = v_uid and revoked_at is null;
end
$$;
revoke execute on function public.revoke_calendar_feed() from public, anon;
grant execute on function public.revoke_calendar_feed() to authenticated;

/**
 * The feed of a token for the calendar-feed function (service role only): the schedules of the
 * active events the token's owner is a member of, or null for an unknown, revoked or malformed
 * token, or an owner who is suspended.
 */
create function public.calendar_feed_of(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid;
begin
  if p_token is null or p_token !~ '^[A-Za-z0-9_-]{20,100}$' then
    return null;
  end if;
  select f.user_id into v_uid from public.calendar_feeds f
  where f.token_hash = sha256(convert_to(p_token, 'UTF8')) and f.revoked_at is null;
  if v_uid is null
     or exists (select 1 from auth.users u where u.id = v_uid and u.banned_until > now()) then
    return null;
  end if;
  return jsonb_build_object('events', coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', e.id, 'name', e.name, 'time_zone', e.time_zone,
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', s.id, 'title', s.title, 'starts_at', s.starts_at, 'ends_at', s.ends_at,
          'location', s.location, 'notes', s.notes, 'updated_at', s.updated_at) order by s.starts_at, s.id)
        from public.schedule_items s where s.event_id = e.id and s.deleted_at is null), '[]'::jsonb))
      order by e.start_date nulls last, e.id)
    from public.event_members m join public.events e on e.id = m.event_id
    where m.user_id = v_uid and m.deleted_at is null and e.status <> 'deleted' and e.deleted_at is null), '[]'::jsonb));
end
$$;
revoke execute on function public.calendar_feed_of(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_of(text) to service_role;
