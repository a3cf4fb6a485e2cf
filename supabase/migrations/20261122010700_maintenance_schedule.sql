-- Schedules public.run_maintenance() hourly with pg_cron where the extension exists (a hosted
-- project). Elsewhere (PGlite, a plain PostgreSQL) it does nothing: the local backend runs the
-- function on its own timer. A pg_cron that is installed but not loaded is reported, not fatal.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    begin
      execute 'create extension if not exists pg_cron';
      execute $cron$select cron.schedule('crewcamp-maintenance', '17 * * * *', 'select public.run_maintenance()')$cron$;
    exception when others then
      raise notice 'pg_cron is available but could not be used (%); run public.run_maintenance() another way.', sqlerrm;
    end;
  end if;
end
$$;
