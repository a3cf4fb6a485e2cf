-- The join page's preview (issue 21): whoever holds an event's join link (its id) sees which event
-- it is and who shares it, before joining or even signing in: the name, dates, place, how many are
-- in it and the first names and avatars of the first twelve (the creator first). Never an e-mail
-- address, a last name, a member's id or anything of another event; a deleted event, or an id that
-- is not an event, answers null. Security definer because the caller is not (yet) a member, so RLS
-- would show them nothing; what it returns is exactly this list.

create function public.get_event_preview(p_event_id uuid) returns jsonb
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
      select 1 from public.event_members m where m.event_id = v_event.id and m.user_id = v_uid and m.deleted_at is null));
end
$$;
comment on function public.get_event_preview(uuid) is
  'The join page''s preview of an event for whoever holds its link: name, dates, place, member count, first names and avatars; null for a deleted or unknown event.';
revoke execute on function public.get_event_preview(uuid) from public;
grant execute on function public.get_event_preview(uuid) to anon, authenticated, service_role;
