-- White label (issue 21; spec section 6, organizer only; decisions "Tiers": "event branding
-- (accent colour, logo) shown to all members"). Managers of an organizer event set an accent colour
-- and a logo image; every member reads them. A lower tier later keeps both (only gating: the app
-- stops showing them, nothing is deleted) and refuses changes until the event is organizer again.

alter table public.events
  add column accent_color text,
  add column logo_path text;
alter table public.events add constraint events_accent_color_hex check (accent_color ~ '^#[0-9a-f]{6}$');
-- The logo lies in the event's own folder of the event-logos bucket.
alter table public.events add constraint events_logo_in_its_folder
  check (logo_path is null or logo_path ~ ('^' || id::text || '/[A-Za-z0-9._-]{1,120}$'));
comment on column public.events.accent_color is 'White label: the accent colour (#rrggbb), organizer events.';
comment on column public.events.logo_path is 'White label: the logo''s key in the event-logos bucket, organizer events.';

grant update (accent_color, logo_path) on public.events to authenticated;

-- Changing the branding takes the organizer tier (managers only, by the events update policy).
create function private.events_branding_rules() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated'
    and row(new.accent_color, new.logo_path) is distinct from row(old.accent_color, old.logo_path)
    and new.access_tier <> 'organizer' then
    raise exception 'Upgrade to organizer to unlock this feature' using errcode = 'P0001',
      detail = 'feature: white_label';
  end if;
  return new;
end
$$;
create trigger events_branding_rules before update of accent_color, logo_path on public.events
  for each row execute function private.events_branding_rules();
-- A trigger function is not for calling: no API role executes it (firing a trigger needs no grant).
revoke all on function private.events_branding_rules() from public, anon, authenticated, service_role;

-- A private bucket: logos are read by the event's members, added and removed by its managers while
-- the event is organizer; at most 1 MB, raster images (an SVG could carry script).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('event-logos', 'event-logos', false, 1048576, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may read (or, with p_write, add or remove) a logo under this key.
create function private.can_use_event_logo(p_name text, p_write boolean) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_parts text[] := storage.foldername(p_name);
  v_event uuid;
begin
  if coalesce(array_length(v_parts, 1), 0) <> 1
     or v_parts[1] !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  v_event := v_parts[1]::uuid;
  if not p_write then
    return private.is_event_member(v_event);
  end if;
  return private.is_event_manager(v_event)
    and exists (select 1 from public.events e where e.id = v_event and e.access_tier = 'organizer' and e.status <> 'deleted');
end
$$;
revoke execute on function private.can_use_event_logo(text, boolean) from public, anon;
grant execute on function private.can_use_event_logo(text, boolean) to authenticated;

create policy "Members read their events' logos" on storage.objects
  for select to authenticated
  using (bucket_id = 'event-logos' and private.can_use_event_logo(name, false));
create policy "Managers of organizer events add logos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'event-logos' and private.can_use_event_logo(name, true));
create policy "Managers of organizer events remove logos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'event-logos' and private.can_use_event_logo(name, true));

-- The join page's preview carries the branding too (the logo is read by members only).
create or replace function public.get_event_preview(p_event_id uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_event public.events;
  v_uid uuid := auth.uid();
begin
  if v_uid is not null and not private.is_active_user() then
    raise exception 'This account is suspended.' using errcode = '42501';
  end if;
  select * into v_event from public.events e where e.id = p_event_id and e.status <> 'deleted';
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'id', v_event.id,
    'name', v_event.name,
    'start_date', v_event.start_date,
    'end_date', v_event.end_date,
    'location', v_event.location,
    'status', v_event.status,
    'member_count', (select count(*) from public.event_members m where m.event_id = v_event.id and m.deleted_at is null),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('first_name', x.first_name, 'avatar', x.avatar, 'is_creator', x.is_creator)
               order by x.is_creator desc, x.joined, x.n)
      from (
        select coalesce(nullif(btrim(p.first_name), ''), nullif(split_part(btrim(p.name), ' ', 1), ''), 'A member') as first_name,
          p.avatar, m.role = 'creator' as is_creator, m.created_at as joined, m.id as n
        from public.event_members m join public.profiles p on p.id = m.user_id
        where m.event_id = v_event.id and m.deleted_at is null
        order by m.role = 'creator' desc, m.created_at, m.id
        limit 12
      ) x), '[]'::jsonb),
    'is_member', v_uid is not null and exists (
      select 1 from public.event_members m where m.event_id = v_event.id and m.user_id = v_uid and m.deleted_at is null))
    || case when v_event.access_tier = 'organizer'
         then jsonb_build_object('accent_color', v_event.accent_color, 'logo_path', v_event.logo_path)
         else '{}'::jsonb end;
end
$$;
