-- Reading profiles no longer costs a check per profile on the site (issue 23: a pull's time must
-- not grow with the number of people who use CrewCamp). The select policy called
-- private.can_read_profile(id) for every row of public.profiles, a security definer function that
-- the planner cannot inline: a member's pull of the profiles they may see scanned the whole table
-- and ran three lookups per row. Measured on PostgreSQL 15 with 10,023 profiles: 4,141 ms for a
-- member who may see 951 of them (0.4 ms a row). The policy now asks once per query for the ids the
-- caller may see (themselves, co-members, friends), and the planner hashes that list; a site admin
-- still sees every profile. The same people as before: can_read_profile stays, for one profile.

create function private.readable_profile_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select (select auth.uid())
  union
  select theirs.user_id
  from public.event_members mine
  join public.event_members theirs on theirs.event_id = mine.event_id
  where mine.user_id = (select auth.uid()) and mine.deleted_at is null
  union
  select case when f.user_id = (select auth.uid()) then f.friend_id else f.user_id end
  from public.friendships f
  where f.deleted_at is null and (f.user_id = (select auth.uid()) or f.friend_id = (select auth.uid()))
$$;
comment on function private.readable_profile_ids() is
  'The ids of the profiles the caller may see (self, co-members, friends), for the profiles policy: one call per query.';
revoke execute on function private.readable_profile_ids() from public, anon;
grant execute on function private.readable_profile_ids() to authenticated, service_role;

drop policy "Users can read the profiles of co-members and friends" on public.profiles;
create policy "Users can read the profiles of co-members and friends" on public.profiles
  for select to authenticated
  using ((select private.is_site_admin()) or id in (select private.readable_profile_ids()));
