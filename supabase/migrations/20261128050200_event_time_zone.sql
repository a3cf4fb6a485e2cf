-- The event's time zone (issue 21): an IANA name (`Europe/Zurich`) that the schedule's times are
-- wall-clock times in, so its calendar export carries the zone (VTIMEZONE) and calendar apps show
-- each item at the right moment wherever the phone is. The app sends the creator's browser zone;
-- left out, it is the creator's last event's, else Europe/Zurich. A name PostgreSQL does not know
-- is refused with a clear message.

alter table public.events add column time_zone text check (length(time_zone) between 1 and 64);
alter table public.events disable trigger user;
update public.events set time_zone = 'Europe/Zurich';
alter table public.events enable trigger user;
alter table public.events alter column time_zone set not null;

create function public.events_time_zone_rules() returns trigger
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
     and not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception '%', format('%s is not a time zone. Use a name like Europe/Zurich.', new.time_zone)
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger events_b_time_zone_rules before insert or update on public.events
  for each row execute function public.events_time_zone_rules();
revoke execute on function public.events_time_zone_rules() from public, anon, authenticated;

grant insert (time_zone) on public.events to authenticated;
grant update (time_zone) on public.events to authenticated;
