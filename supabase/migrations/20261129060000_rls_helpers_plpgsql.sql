-- The row-level security helpers that nearly every write checks, as PL/pgSQL (issue 23: a day of
-- offline changes drains in a moment). On PostgreSQL 15 and 17 (hosted Supabase) a SQL function
-- that is not inlined (these are security definer) is parsed and planned again in every statement
-- that calls it; a PL/pgSQL function keeps its plan for the session. A batch of queued edits
-- (apply_changes) runs one statement per change, each checking is_active_user and the event's
-- membership twice (USING and WITH CHECK): measured on PostgreSQL 15, 200 event edits took
-- 437-488 ms with the SQL helpers and 310-330 ms with these. PostgreSQL 18 (PGlite) caches SQL
-- functions' plans too: there it makes no difference.
--
-- CREATE OR REPLACE keeps each function's OID, owner, grants and comment, and so the policies that
-- call it. Same queries, same answers.

create or replace function private.is_active_user() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return not exists (
    select 1 from auth.users u where u.id = (select auth.uid()) and u.banned_until > now()
  );
end
$$;

create or replace function private.is_event_member(p_event_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.event_members m
    where m.event_id = p_event_id and m.user_id = (select auth.uid()) and m.deleted_at is null
  );
end
$$;

create or replace function private.is_event_manager(p_event_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.event_members m
    where m.event_id = p_event_id and m.user_id = (select auth.uid()) and m.deleted_at is null
      and m.role in ('creator', 'admin')
  );
end
$$;
