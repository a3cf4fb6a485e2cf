-- The site planner (issue 8), premium site planner (organizer): layers and custom shapes.
--
-- Layers: an item may belong to a named layer ("Tents", "Vehicles", "Facilities", "Labels", or
-- any name up to 40 characters); null is the default layer every plan has. Which layers a member
-- shows is their device's choice, not stored here.
--
-- Custom shapes: an item of kind 'shape' is a polygon, its corners in `points` (a JSON array of
-- 3 to 100 {"x": .., "y": ..} in metres relative to the item's centre, as drawn at the points' own
-- size; the item's width and length stretch it). The points are set when the shape is placed; it
-- then moves, turns and resizes like every other item.
--
-- Who may: on an event below organizer, placing an item on a named layer, moving an item to one,
-- and placing a shape are refused with 'Upgrade to organizer to unlock this feature'. Items already
-- on layers (an event that was organizer once) can still be moved, renamed, put back on the
-- default layer and removed.

alter table public.site_items
  add column layer text check (layer is null or (length(layer) between 1 and 40 and layer = btrim(layer))),
  add column points jsonb;

alter table public.site_items drop constraint site_items_kind_check;
alter table public.site_items add constraint site_items_kind_check
  check (kind in ('tent', 'car', 'gazebo', 'kitchen', 'fire', 'toilets', 'stage', 'label', 'shape'));
alter table public.site_items add constraint site_items_shape_points_check
  check ((kind = 'shape') = (points is not null));

comment on column public.site_items.layer is 'The item''s layer by name; null is the default layer (premium site planner).';
comment on column public.site_items.points is 'A shape''s corners: [{"x","y"}] in metres relative to the centre (premium site planner).';

-- Runs after site_items_b_rules (triggers fire in name order).
create function public.site_items_premium_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.deleted_at is not null then
    return new;
  end if;
  if new.points is not null and (
    jsonb_typeof(new.points) <> 'array'
    or jsonb_array_length(new.points) not between 3 and 100
    or exists (
      select 1 from jsonb_array_elements(new.points) p
      where case
        when jsonb_typeof(p) = 'object' and jsonb_typeof(p -> 'x') = 'number' and jsonb_typeof(p -> 'y') = 'number'
          then abs((p ->> 'x')::numeric) > 200 or abs((p ->> 'y')::numeric) > 200
        else true
      end
    )
  ) then
    raise exception 'A shape has 3 to 100 points, each with x and y within 200 m of its centre.'
      using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' and (new.layer is not null or new.kind = 'shape') then
    perform public.require_event_feature(new.event_id, 'premium_site_planner');
  elsif tg_op = 'UPDATE' and new.layer is not null and new.layer is distinct from old.layer then
    perform public.require_event_feature(new.event_id, 'premium_site_planner');
  end if;
  return new;
end
$$;
create trigger site_items_c_premium_rules before insert or update on public.site_items
  for each row execute function public.site_items_premium_rules();
revoke execute on function public.site_items_premium_rules() from public, anon, authenticated;

grant insert (layer, points) on public.site_items to authenticated;
grant update (layer) on public.site_items to authenticated;
