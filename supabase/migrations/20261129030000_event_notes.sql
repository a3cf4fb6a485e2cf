-- Event notes (issue 24): one pinned block per event with what everyone needs at the gate
-- (address, meeting point, tickets, wifi, emergency numbers). Every member reads it; only the
-- event's managers (creator, admins) change it, through RLS. One row per event, made with the
-- event (and for every event already there), so an edit is always an update: two managers editing
-- offline converge under the one conflict rule (public.edit_later_wins, group `body`), the same as
-- every other synced page. The row lives and dies with its event (no tombstone of its own;
-- `deleted_at` exists because the shared edit trigger reads it, and nobody may set it).

create table public.event_notes (
  id uuid not null default gen_random_uuid() unique,
  event_id uuid primary key references public.events (id) on delete cascade,
  body text not null default ''
    constraint event_notes_body_length check (char_length(body) <= 4000),
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz constraint event_notes_never_deleted check (deleted_at is null),
  field_edits jsonb not null default '{}'::jsonb check (jsonb_typeof(field_edits) = 'object'),
  replaced jsonb not null default '[]'::jsonb check (jsonb_typeof(replaced) = 'array'),
  edited_at timestamptz,
  edit_base jsonb check (edit_base is null or jsonb_typeof(edit_base) = 'object')
);
create index event_notes_updated_by_idx on public.event_notes (updated_by) where updated_by is not null;
create index event_notes_updated_at_idx on public.event_notes (updated_at, id);
comment on table public.event_notes is
  'Per event: the notes every member needs at the gate; managers edit them (later-made edit wins).';

create trigger event_notes_updated_at before update on public.event_notes
  for each row execute function public.set_updated_at();

-- The rules, before the conflict rule (triggers fire by name): the row stays with its event, the
-- text has a limit the user is told in words, and the last editor is the caller.
create function public.event_notes_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.event_id is distinct from old.event_id then
    raise exception 'Event notes stay with their event.' using errcode = 'P0001';
  end if;
  if char_length(new.body) > 4000 then
    raise exception 'Event notes can have at most 4000 characters.' using errcode = '22001';
  end if;
  if new.body is distinct from old.body then
    new.updated_by := auth.uid();
  end if;
  return new;
end
$$;
create trigger event_notes_0_rules before update on public.event_notes
  for each row execute function public.event_notes_rules();

create trigger event_notes_a_edit_first before insert on public.event_notes for each row
  execute function public.edit_first_marks('body:body');
create trigger event_notes_a_edit_later_wins before update on public.event_notes for each row
  execute function public.edit_later_wins('body:body');

-- Every event has its notes row from the start (empty), made by the database.
create function public.events_make_notes() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.event_notes (event_id) values (new.id) on conflict (event_id) do nothing;
  return null;
end
$$;
create trigger events_make_notes after insert on public.events
  for each row execute function public.events_make_notes();

insert into public.event_notes (event_id) select e.id from public.events e on conflict (event_id) do nothing;

alter table public.event_notes enable row level security;
revoke all on public.event_notes from anon, authenticated;
grant select on public.event_notes to authenticated;
grant update (body, edited_at, edit_base) on public.event_notes to authenticated;

create policy "Members can read their events' notes" on public.event_notes
  for select to authenticated using (private.is_event_member(event_id));
create policy "Managers can edit their events' notes" on public.event_notes
  for update to authenticated
  using (private.is_event_manager(event_id)) with check (private.is_event_manager(event_id));
-- Like every table under RLS (20261126100100): a suspended account reaches nothing.
create policy "Suspended accounts have no access" on public.event_notes as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));

revoke execute on function public.event_notes_rules(), public.events_make_notes() from public, anon, authenticated;

alter table public.event_notes replica identity full;
alter publication supabase_realtime add table public.event_notes;
