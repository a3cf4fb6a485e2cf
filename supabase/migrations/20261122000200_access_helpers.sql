-- Shared checks that policies and procedures call. Each is security definer with an empty
-- search_path, so a policy on one table can look at another without recursing through its RLS.

create function public.is_site_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin'
  )
$$;
comment on function public.is_site_admin() is 'True when the caller''s profile has role admin.';

create function public.is_event_member(p_event_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.event_members m
    where m.event_id = p_event_id and m.user_id = (select auth.uid()) and m.deleted_at is null
  )
$$;
comment on function public.is_event_member(uuid) is 'True when the caller is an active member of the event.';

create function public.is_event_manager(p_event_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.event_members m
    where m.event_id = p_event_id and m.user_id = (select auth.uid()) and m.deleted_at is null
      and m.role in ('creator', 'admin')
  )
$$;
comment on function public.is_event_manager(uuid) is 'True when the caller is the event''s creator or one of its admins.';

create function public.shares_event_with(p_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.event_members mine
    join public.event_members theirs on theirs.event_id = mine.event_id
    where mine.user_id = (select auth.uid()) and mine.deleted_at is null
      and theirs.user_id = p_user_id and theirs.deleted_at is null
  )
$$;
comment on function public.shares_event_with(uuid) is 'True when the caller and the user are active members of a common event.';

revoke execute on function public.is_site_admin(), public.is_event_member(uuid), public.is_event_manager(uuid),
  public.shares_event_with(uuid) from public, anon;
grant execute on function public.is_site_admin(), public.is_event_member(uuid), public.is_event_manager(uuid),
  public.shares_event_with(uuid) to authenticated, service_role;
