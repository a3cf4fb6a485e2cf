-- Who last moved or changed a site item (issue 20): `updated_by`, set by the database from the
-- caller (auth.uid()), never sent by a client (no column grant). Like checklist and schedule items,
-- it lets the plan say who moved an item last and lets "what is new" leave out one's own moves.
-- A change with no caller (a service or a maintenance job) keeps the last member's name.
alter table public.site_items add column updated_by uuid references public.profiles (id) on delete set null;
update public.site_items set updated_by = created_by where updated_by is null;
create index site_items_updated_by_idx on public.site_items (updated_by) where updated_by is not null;

create function public.site_items_updated_by() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.updated_by := coalesce(auth.uid(), new.created_by);
  elsif row(new.*) is distinct from row(old.*) then
    -- Fires after the rules (triggers run in name order): an older move that changed nothing
    -- leaves the row as it was and names no one.
    new.updated_by := coalesce(auth.uid(), old.updated_by);
  end if;
  return new;
end
$$;
create trigger site_items_d_updated_by before insert or update on public.site_items
  for each row execute function public.site_items_updated_by();
revoke execute on function public.site_items_updated_by() from public, anon, authenticated;
