-- An event's time zone was checked against pg_catalog.pg_timezone_names, which reads the server's
-- whole time zone database from disk at each call: 55 ms of a 65 ms event insert on PostgreSQL 15
-- (pg_stat_user_functions; every event created, and every change of an event's zone, paid it).
-- The names the server knows are now kept in a table, so the check is one index lookup. A name not
-- in it is looked up in pg_timezone_names as before, and kept if the server knows it (a newer time
-- zone database after an upgrade); a name the server does not know is refused with the same message.

create table private.time_zone_names (name text primary key);
comment on table private.time_zone_names is
  'The time zone names PostgreSQL knows (pg_timezone_names), kept for a quick check of events.time_zone.';
insert into private.time_zone_names (name) select distinct z.name from pg_catalog.pg_timezone_names z;

create or replace function public.events_time_zone_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.time_zone is null then
    select e.time_zone into new.time_zone from public.events e
    where e.created_by = new.created_by order by e.created_at desc limit 1;
    new.time_zone := coalesce(new.time_zone, 'Europe/Zurich');
  end if;
  if (tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone)
     and not exists (select 1 from private.time_zone_names z where z.name = new.time_zone) then
    if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
      raise exception '%', format('%s is not a time zone. Use a name like Europe/Zurich.', new.time_zone)
        using errcode = 'P0001';
    end if;
    insert into private.time_zone_names (name) values (new.time_zone) on conflict (name) do nothing;
  end if;
  return new;
end
$$;
