-- The shared checks that policies and procedures call leave the API. They were security definer
-- functions in `public`, and PostgREST serves every function of `public` as /rest/v1/rpc/<name>:
-- any signed-in user could ask is_event_member / is_event_manager of any event id,
-- shares_event_with / can_read_profile of any user id (who shares an event with whom, who is whose
-- friend), and anyone at all could call is_active_user. Supabase's linter reported each of them
-- (lints 0028 and 0029). They now live in `private`, which the API does not expose:
--
--   private.is_site_admin()                  private.is_active_user()
--   private.is_event_member(uuid)            private.is_event_manager(uuid)
--   private.shares_event_with(uuid)          private.can_read_profile(uuid)
--   private.can_use_receipt(text, boolean)   private.can_remove_receipt(text, uuid)
--   private.event_has_feature(uuid, text)    private.require_event_feature(uuid, text)
--
-- New policies and functions must call them by these names.
--
-- How the move keeps everything working:
--   * ALTER FUNCTION ... SET SCHEMA keeps each function's OID. A policy stores the OID of each
--     function it calls, not its name, so every policy (public tables, storage.objects, and
--     realtime.messages where the Realtime migrations add some) keeps calling the same function.
--   * Function bodies are text, resolved by name when they run, so every body that names a moved
--     helper is recreated below from its own definition with the new name; the migration fails if
--     any body still names one in `public`.
--   * A policy runs its functions as the caller, so `authenticated` keeps EXECUTE on the helpers
--     the policies call. Bodies that run as the caller (require_uid, search_chat_messages, the chat
--     and checklist triggers) name helpers in `private`, which needs USAGE on the schema, so
--     `authenticated` and `service_role` (whose writes fire the same triggers) get USAGE on it.
--     USAGE is all they get: every other function in `private` is executable by its owner alone,
--     and its tables (the approval signing key) keep no grant for any API role. `anon` gets
--     nothing in `private`: no policy for visitors calls a helper.
--   * public.is_site_admin() stays as a plain (security invoker) function over
--     private.is_site_admin(): the server functions ask it whether their caller is a site admin,
--     and it answers only that, about the caller. Being security invoker, the linter does not
--     count it, and it runs with no rights of its own.

alter function public.is_site_admin() set schema private;
alter function public.is_active_user() set schema private;
alter function public.is_event_member(uuid) set schema private;
alter function public.is_event_manager(uuid) set schema private;
alter function public.shares_event_with(uuid) set schema private;
alter function public.can_read_profile(uuid) set schema private;
alter function public.can_use_receipt(text, boolean) set schema private;
alter function public.can_remove_receipt(text, uuid) set schema private;
alter function public.event_has_feature(uuid, text) set schema private;
alter function public.require_event_feature(uuid, text) set schema private;

-- Recreate each SQL or PL/pgSQL body (in any schema) that calls a moved helper by its old name,
-- from its own definition with only those calls renamed: CREATE OR REPLACE keeps the function's
-- OID, owner, grants, comment and the triggers and policies that use it.
do $$
declare
  v_old_call constant text :=
    '\mpublic\.(is_site_admin|is_active_user|is_event_member|is_event_manager|shares_event_with|can_read_profile'
    '|can_use_receipt|can_remove_receipt|event_has_feature|require_event_feature)\s*\(';
  v_function record;
  v_remaining text;
begin
  for v_function in
    select p.oid
    from pg_catalog.pg_proc p
    join pg_catalog.pg_language l on l.oid = p.prolang
    where l.lanname in ('sql', 'plpgsql') and p.prosrc ~ v_old_call
  loop
    execute regexp_replace(pg_catalog.pg_get_functiondef(v_function.oid), v_old_call, 'private.\1(', 'g');
  end loop;

  select string_agg(p.oid::regprocedure::text, ', ') into v_remaining
  from pg_catalog.pg_proc p
  where p.prosrc ~ v_old_call;
  if v_remaining is not null then
    raise exception 'These functions still call a helper by its old name in public: %', v_remaining;
  end if;
end
$$;

-- Who may run what in private: the owner everything; the API roles only the helpers that policies
-- and caller-run bodies call.
revoke all on all functions in schema private from public, anon, authenticated, service_role;
grant usage on schema private to authenticated, service_role;
grant execute on function
  private.is_site_admin(),
  private.is_active_user(),
  private.is_event_member(uuid),
  private.is_event_manager(uuid),
  private.can_read_profile(uuid),
  private.can_use_receipt(text, boolean),
  private.can_remove_receipt(text, uuid),
  private.require_event_feature(uuid, text)
  to authenticated, service_role;
comment on schema private is
  'Server-only state and helpers, not exposed by the API. authenticated and service_role have usage '
  'for the RLS helpers that policies and caller-run functions call (and execute on those alone).';

create function public.is_site_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_site_admin()
$$;
comment on function public.is_site_admin() is
  'Whether the caller is a site admin (not suspended): what the server functions ask before an admin action.';
revoke execute on function public.is_site_admin() from public, anon;
grant execute on function public.is_site_admin() to authenticated, service_role;
