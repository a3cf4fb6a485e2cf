-- Maintenance (decisions "Events"): events whose end date has passed become past; past events are
-- soft-deleted after their tier's auto_delete_past_events_after_days; soft-deleted events are
-- removed for good 30 days after deletion. Runs as the owner: the local backend calls it on a
-- timer, a hosted project through pg_cron (next migration). Clients cannot call it.

create function public.run_maintenance() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_past int;
  v_soft int;
  v_hard int;
begin
  update public.events set status = 'past'
  where status = 'active' and coalesce(end_date, start_date) < current_date;
  get diagnostics v_past = row_count;

  update public.events e set status = 'deleted'
  from public.tier_limits t
  where t.tier = e.access_tier and e.status = 'past'
    and coalesce(e.end_date, e.start_date) + t.auto_delete_past_events_after_days < current_date;
  get diagnostics v_soft = row_count;

  delete from public.events where status = 'deleted' and deleted_at < clock_timestamp() - interval '30 days';
  get diagnostics v_hard = row_count;

  return jsonb_build_object('marked_past', v_past, 'soft_deleted', v_soft, 'removed', v_hard);
end
$$;
comment on function public.run_maintenance() is 'Marks ended events past, soft-deletes old past events, removes long-deleted ones.';

revoke execute on function public.run_maintenance() from public, anon, authenticated;
grant execute on function public.run_maintenance() to service_role;
