-- Suspension takes effect at once (decisions "Accounts, waitlist, admin"). Suspending bans the
-- user in auth: no new sessions, no refresh. But an access token already issued stays validly
-- signed until it expires (an hour), and the API checks only its signature, so until now a
-- suspended member kept reading, posting and uploading for up to an hour. The database now asks
-- auth.users on every request whether the caller is banned:
--   - every table under RLS in public, and storage.objects, gets one restrictive policy that every
--     permissive policy is AND-ed with (a new table needs the same policy; the RLS tests check
--     that each table has it);
--   - the helpers the security definer procedures start with (require_uid, require_user,
--     require_site_admin through is_site_admin) refuse a suspended caller, since those procedures
--     bypass RLS.
-- A suspended user's data stays visible to the other members (decisions), and service_role is
-- unaffected.

create function public.is_active_user() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select not exists (
    select 1 from auth.users u where u.id = (select auth.uid()) and u.banned_until > now()
  )
$$;
comment on function public.is_active_user() is
  'False when the caller is a suspended (banned) user; true for everyone else, anon included.';
revoke execute on function public.is_active_user() from public;
grant execute on function public.is_active_user() to anon, authenticated, service_role;

do $$
declare
  v_table record;
begin
  for v_table in
    select n.nspname as schema_name, c.relname as table_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and c.relrowsecurity
      and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname = 'objects'))
  loop
    execute format(
      'create policy %I on %I.%I as restrictive for all to authenticated '
      'using ((select public.is_active_user())) with check ((select public.is_active_user()))',
      'Suspended accounts have no access', v_table.schema_name, v_table.table_name);
  end loop;
end
$$;

create or replace function public.require_uid() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Authentication required. Please log in and try again.' using errcode = '42501';
  end if;
  if not public.is_active_user() then
    raise exception 'This account is suspended.' using errcode = '42501';
  end if;
  return v_uid;
end
$$;
comment on function public.require_uid() is
  'The caller''s user id; raises 42501 when there is no signed-in user or the account is suspended.';

create or replace function private.require_user() returns uuid
language plpgsql stable
set search_path = ''
as $$
begin
  return public.require_uid();
end
$$;

-- A suspended site admin is no admin: the admin procedures check this through require_site_admin.
create or replace function public.is_site_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin'
  ) and public.is_active_user()
$$;

create or replace function public.get_my_profile() returns public.profiles
language sql stable security definer
set search_path = ''
as $$
  select p.* from public.profiles p where p.id = (select auth.uid()) and public.is_active_user()
$$;
