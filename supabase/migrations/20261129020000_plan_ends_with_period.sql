-- Cancel at period end takes effect (issue 21). A plan cancelled "at period end" stays paid until
-- current_period_end; after that the user is on the free plan: private.end_lapsed_plans() moves
-- every such user to free (status 'canceled', the period kept so the app can say when it ended).
-- Lowering the profile's tier lowers the access_tier of every event they created
-- (profiles_follow_tier): decisions "Tiers", data kept and only gated; events and members beyond
-- the free limits stay, and only new ones are refused.
--
-- With a payment provider its webhook (customer.subscription.deleted) does the same when the
-- period ends; this is what ends a plan in the mock flow, and the safety net when a webhook is
-- missed. It runs with the maintenance (the local backend's timer; hourly by pg_cron) and on its
-- own every five minutes where pg_cron exists, so a plan ends within minutes of its period.

create function private.end_lapsed_plans() returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_count int := 0;
begin
  for v_user in
    select s.user_id from public.stripe_subscriptions s
    where s.cancel_at_period_end and s.current_period_end <= clock_timestamp()
    order by s.user_id
    for update skip locked
  loop
    perform private.set_tier(v_user, 'free', 'canceled', null, null, false);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
comment on function private.end_lapsed_plans() is
  'Moves users whose plan was cancelled at period end, and whose period is over, to the free tier.';
revoke execute on function private.end_lapsed_plans() from public, anon, authenticated, service_role;

create or replace function public.run_maintenance() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plans int;
  v_past int;
  v_soft int;
  v_hard int;
begin
  -- First, so the events' tiers (and their auto-delete days) are the ones that now apply.
  v_plans := private.end_lapsed_plans();

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

  return jsonb_build_object('plans_ended', v_plans, 'marked_past', v_past, 'soft_deleted', v_soft, 'removed', v_hard);
end
$$;
comment on function public.run_maintenance() is
  'Ends plans cancelled at period end, marks ended events past, soft-deletes old past events, removes long-deleted ones.';
revoke execute on function public.run_maintenance() from public, anon, authenticated;
grant execute on function public.run_maintenance() to service_role;

do $$
begin
  if exists (select from pg_extension where extname = 'pg_cron') then
    begin
      execute $cron$select cron.schedule('crewcamp-plan-ends', '*/5 * * * *', 'select private.end_lapsed_plans()')$cron$;
    exception when others then
      raise notice 'pg_cron could not schedule the plan ends (%); run_maintenance() still ends them.', sqlerrm;
    end;
  end if;
end
$$;
