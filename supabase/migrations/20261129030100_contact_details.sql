-- Contact details on the profile (issue 24): an optional phone number and an emergency contact
-- (name and phone), each with "Share with my crews" (off by default). The owner reads them with
-- the rest of the owner-only fields (get_my_profile returns the whole row); no other user may
-- select these columns. Co-members (active members of a common event) read only what each member
-- shares, through crew_contacts() (security definer), never anyone else and never what is not shared.

alter table public.profiles
  add column phone text
    constraint profiles_phone_format check (phone is null or phone ~ '^\+?[0-9][0-9 ()./-]{2,22}[0-9]$'),
  add column share_phone boolean not null default false,
  add column emergency_contact_name text
    constraint profiles_emergency_contact_name_length
      check (emergency_contact_name is null or char_length(btrim(emergency_contact_name)) between 1 and 100),
  add column emergency_contact_phone text
    constraint profiles_emergency_contact_phone_format
      check (emergency_contact_phone is null or emergency_contact_phone ~ '^\+?[0-9][0-9 ()./-]{2,22}[0-9]$'),
  add column share_emergency_contact boolean not null default false,
  add constraint profiles_emergency_contact_whole
    check ((emergency_contact_name is null) = (emergency_contact_phone is null));

-- The owner changes them like the other profile fields (policy: own row only); select stays
-- column-granted without them (20261122020000), so other users never read them directly.
grant update (phone, share_phone, emergency_contact_name, emergency_contact_phone, share_emergency_contact)
  on public.profiles to authenticated;

-- What each co-member shares: one row per person sharing something with the caller in a common
-- event (the caller included when they share), the unshared fields null.
create function public.crew_contacts()
returns table (user_id uuid, phone text, emergency_contact_name text, emergency_contact_phone text)
language sql stable security definer
set search_path = ''
as $$
  select p.id,
    case when p.share_phone then p.phone end,
    case when p.share_emergency_contact then p.emergency_contact_name end,
    case when p.share_emergency_contact then p.emergency_contact_phone end
  from public.profiles p
  where private.is_active_user()
    and ((p.share_phone and p.phone is not null)
      or (p.share_emergency_contact and p.emergency_contact_phone is not null))
    and (p.id = (select auth.uid()) or exists (
      select 1
      from public.event_members mine
      join public.event_members theirs on theirs.event_id = mine.event_id
      where mine.user_id = (select auth.uid()) and mine.deleted_at is null
        and theirs.user_id = p.id and theirs.deleted_at is null))
$$;
comment on function public.crew_contacts() is
  'The contact details co-members chose to share with their crews (unshared fields null).';
revoke execute on function public.crew_contacts() from public, anon;
grant execute on function public.crew_contacts() to authenticated, service_role;
