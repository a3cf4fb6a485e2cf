-- The notification migrations add functions to `private` (settings rules, the delivery of
-- notifications, the activity triggers, the outbox bells, the invitation tokens). A new function is
-- executable by PUBLIC unless revoked; here, as for every other function in private
-- (20261126200000_rls_helpers_private.sql), only its owner keeps EXECUTE. Triggers need no EXECUTE
-- of the writer, and the security definer procedures call them as the owner.
do $$
declare
  v_function regprocedure;
begin
  for v_function in
    select p.oid::regprocedure
    from pg_catalog.pg_proc p
    where p.pronamespace = 'private'::regnamespace
      and (p.proacl is null or exists (select from aclexplode(p.proacl) a where a.grantee = 0))
  loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', v_function);
  end loop;
end
$$;
