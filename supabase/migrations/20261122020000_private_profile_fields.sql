-- Members see each other's names and avatars, not their addresses.
-- Row-level security decides which profiles a user may read (self, co-members, friends, site
-- admins: public.can_read_profile), but a policy cannot hide columns, so until now a co-member
-- could read another member's street address. The select grant is narrowed to the fields other
-- people need (name, avatar, email for member management and invitations); the address fields and
-- notification settings are read by their owner through get_my_profile().

revoke select on public.profiles from authenticated;
grant select (id, name, email, avatar, first_name, last_name, role, subscription_tier, created_at, updated_at)
  on public.profiles to authenticated;

create function public.get_my_profile() returns public.profiles
language sql stable security definer
set search_path = ''
as $$
  select p.* from public.profiles p where p.id = (select auth.uid())
$$;
comment on function public.get_my_profile() is 'The caller''s whole profile, address and notification settings included.';
revoke execute on function public.get_my_profile() from public, anon;
grant execute on function public.get_my_profile() to authenticated, service_role;
