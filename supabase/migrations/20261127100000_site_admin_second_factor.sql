-- Site-admin rights need the second factor once the admin has one (issue 22). An admin who has a
-- verified factor in auth.mfa_factors (an authenticator app) counts as a site admin only in a
-- session that proved it: the token's `aal` claim is aal2 (GoTrue raises a session to aal2 after
-- mfa.challenge + mfa.verify). A password-only (aal1) session of that admin is a plain user's
-- session: every admin procedure refuses it, every admin-only policy hides the rows, and the server
-- functions (which ask public.is_site_admin()) refuse it too, so a stolen password alone is no
-- longer admin access.
--
-- An admin without any verified factor keeps their rights at aal1: requiring aal2 of them would
-- lock every admin out until each enrols, and no one can enrol on their behalf. The admin panel asks
-- them to set up two-factor sign-in (get_my_admin_access below tells it so).
--
-- private.is_site_admin() is the one place this is decided: policies call it by OID and
-- private.require_site_admin(), public.is_site_admin() and the procedures by name, so
-- CREATE OR REPLACE (same OID, owner and grants) changes every one of them at once. It stays
-- security definer: its owner reads auth.mfa_factors, which the API roles have no grant on.

create or replace function private.is_site_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin'
  )
  and private.is_active_user()
  and (
    -- The level the session proved; aal3 is above aal2 (GoTrue does not issue it today).
    coalesce((select auth.jwt()) ->> 'aal', 'aal1') in ('aal2', 'aal3')
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
  )
$$;
comment on function private.is_site_admin() is
  'True when the caller''s profile has role admin, the account is not suspended and, if the caller '
  'has a verified second factor, the session is aal2.';

-- The refusal says which of the two it is, so the admin panel can ask for the code instead of
-- claiming the caller is no admin.
create or replace function private.require_site_admin() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if private.is_site_admin() then
    return;
  end if;
  if exists (
    select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin'
  ) and private.is_active_user() then
    raise exception 'Two-factor verification required'
      using errcode = '42501',
            hint = 'Enter the code from your authenticator app to use admin rights in this session.';
  end if;
  raise exception 'Admin access required' using errcode = '42501';
end
$$;

-- What the signed-in user's admin rights need right now, for the admin panel and the profile page:
--   status 'not_admin'  no admin role (or suspended): nothing to ask;
--          'step_up'    an admin with a verified factor on an aal1 session: ask for the code;
--          'enrol'      an admin without a verified factor: rights work, but ask them to set one up;
--          'ok'         an admin whose session has the rights with a factor behind it.
-- It answers about the caller only, from the same facts private.is_site_admin() decides on.
create function public.get_my_admin_access() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  with facts as (
    select
      exists (select 1 from public.profiles p where p.id = (select auth.uid()) and p.role = 'admin')
        and private.is_active_user() as is_admin,
      exists (
        select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified'
      ) as has_verified_factor,
      coalesce((select auth.jwt()) ->> 'aal', 'aal1') as aal,
      private.is_site_admin() as admin_rights
  )
  select jsonb_build_object(
    'is_admin', is_admin,
    'has_verified_factor', has_verified_factor,
    'aal', aal,
    'admin_rights', admin_rights,
    'status', case
      when not is_admin then 'not_admin'
      when not admin_rights then 'step_up'
      when not has_verified_factor then 'enrol'
      else 'ok'
    end
  )
  from facts
$$;
comment on function public.get_my_admin_access() is
  'The caller''s admin rights in this session: is_admin, has_verified_factor, aal, admin_rights and '
  'status (not_admin, step_up, enrol, ok) for the admin panel.';
revoke execute on function public.get_my_admin_access() from public, anon;
grant execute on function public.get_my_admin_access() to authenticated, service_role;
