-- The event's time zone can be changed after creation (issue 21: managers, in the event's edit
-- form; RLS "Managers can update their events" and events_time_zone_rules already decide who and
-- what). It becomes one more field group of the event under the one conflict rule, so two managers
-- changing it offline converge on the later-made change and the other is told, as for the dates.
drop trigger events_a_edit_first on public.events;
drop trigger events_a_edit_later_wins on public.events;
create trigger events_a_edit_first before insert on public.events for each row
  execute function public.edit_first_marks('name:name', 'description:description', 'location:location',
                                           'dates:start_date,end_date', 'currency:currency', 'time_zone:time_zone');
create trigger events_a_edit_later_wins before update on public.events for each row
  execute function public.edit_later_wins('name:name', 'description:description', 'location:location',
                                          'dates:start_date,end_date', 'currency:currency', 'time_zone:time_zone');
