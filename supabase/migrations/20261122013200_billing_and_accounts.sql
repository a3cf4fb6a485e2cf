-- What the server functions need from the database for payments and account administration:
-- the one mapping between canonical tiers and the billing aliases (decisions "Tiers": pro = starter,
-- premium = organizer), applying a subscription change (profile tier + stripe_subscriptions + the
-- payment), an admin's tier change, and the event hand-over before an account is deleted
-- (decisions: events created alone go with the user; shared ones pass to the longest-standing
-- admin, else member). The service-role ones are called only by server functions after they have
-- checked the caller; the admin one checks the caller itself.

-- The only place that spells the billing aliases. Maps either way: canonical -> alias and alias ->
-- canonical; null for anything else.
create function public.tier_alias(p_tier text) returns text
language sql immutable
set search_path = ''
as $$
  select case p_tier
    when 'free' then 'free' when 'starter' then 'pro' when 'organizer' then 'premium'
    when 'pro' then 'starter' when 'premium' then 'organizer'
  end
$$;
comment on function public.tier_alias(text) is 'free<->free, starter<->pro, organizer<->premium (canonical tier <-> billing alias).';

-- Profile tier and the subscription row, in one place.
create function private.set_tier(
  p_user_id uuid, p_tier text, p_status text default 'active', p_period_start timestamptz default null,
  p_period_end timestamptz default null, p_cancel_at_period_end boolean default false,
  p_customer_id text default null, p_subscription_id text default null
) returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_tier is null or p_tier not in ('free', 'starter', 'organizer') then
    raise exception 'Unknown subscription tier: %', coalesce(p_tier, 'null') using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0001';
  end if;
  update public.profiles set subscription_tier = p_tier
  where id = p_user_id and subscription_tier is distinct from p_tier;
  insert into public.stripe_subscriptions as s (user_id, tier, status, current_period_start, current_period_end,
    cancel_at_period_end, provider_customer_id, provider_subscription_id)
  values (p_user_id, public.tier_alias(p_tier), coalesce(p_status, 'active'), p_period_start, p_period_end,
    coalesce(p_cancel_at_period_end, false), p_customer_id, p_subscription_id)
  on conflict (user_id) do update set
    tier = excluded.tier, status = excluded.status,
    current_period_start = coalesce(excluded.current_period_start, s.current_period_start),
    current_period_end = coalesce(excluded.current_period_end, s.current_period_end),
    cancel_at_period_end = excluded.cancel_at_period_end,
    provider_customer_id = coalesce(excluded.provider_customer_id, s.provider_customer_id),
    provider_subscription_id = coalesce(excluded.provider_subscription_id, s.provider_subscription_id)
  where (s.tier, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end,
         s.provider_customer_id, s.provider_subscription_id)
    is distinct from (excluded.tier, excluded.status,
         coalesce(excluded.current_period_start, s.current_period_start),
         coalesce(excluded.current_period_end, s.current_period_end), excluded.cancel_at_period_end,
         coalesce(excluded.provider_customer_id, s.provider_customer_id),
         coalesce(excluded.provider_subscription_id, s.provider_subscription_id));
end
$$;

-- Server only (checkout's mock flow, the provider's webhook): applies a subscription change and
-- records the payment once per provider reference. p_tier is canonical or a billing alias.
create function public.apply_subscription_change(
  p_user_id uuid, p_tier text, p_status text default 'active', p_period_start timestamptz default null,
  p_period_end timestamptz default null, p_cancel_at_period_end boolean default false,
  p_customer_id text default null, p_subscription_id text default null,
  p_amount_minor bigint default null, p_currency text default 'CHF', p_payment_ref text default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_tier text := case when p_tier in ('pro', 'premium') then public.tier_alias(p_tier) else p_tier end;
  v_paid boolean := false;
begin
  perform private.set_tier(p_user_id, v_tier, p_status, p_period_start, p_period_end, p_cancel_at_period_end,
    p_customer_id, p_subscription_id);
  if p_amount_minor is not null and p_amount_minor > 0 then
    insert into public.payments (user_id, kind, amount_minor, currency, description, provider_ref)
    values (p_user_id, 'tier', p_amount_minor, upper(coalesce(p_currency, 'CHF')), 'Subscription: ' || v_tier, p_payment_ref)
    on conflict (provider_ref) do nothing;
    v_paid := found;
  end if;
  return jsonb_build_object('success', true, 'tier', v_tier, 'billing_tier', public.tier_alias(v_tier), 'payment_recorded', v_paid);
end
$$;
comment on function public.apply_subscription_change(uuid, text, text, timestamptz, timestamptz, boolean, text, text, bigint, text, text) is
  'Server only: sets a user''s tier and subscription row and records the payment (once per provider reference).';

create function public.admin_update_user_tier(p_user_id uuid, p_tier text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_previous text;
begin
  perform private.require_site_admin();
  if p_tier is null or p_tier not in ('free', 'starter', 'organizer') then
    raise exception 'Subscription tier must be free, starter or organizer' using errcode = '22023';
  end if;
  select p.subscription_tier into v_previous from public.profiles p where p.id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'P0001';
  end if;
  if v_previous is distinct from p_tier then
    perform private.set_tier(p_user_id, p_tier);
    perform private.log_admin_activity('update_user_tier', 'user', p_user_id::text,
      jsonb_build_object('tier', p_tier, 'previous', v_previous));
  end if;
  return jsonb_build_object('success', true, 'message', 'Subscription tier updated', 'user_id', p_user_id, 'tier', p_tier);
end
$$;
comment on function public.admin_update_user_tier(uuid, text) is 'Admin: sets a user''s subscription tier.';

-- Server only, before the auth user is deleted: events the user created with nobody else go with
-- them; shared ones pass to the longest-standing admin, else the longest-standing member.
create function public.prepare_user_deletion(p_user_id uuid, p_actor_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_event record;
  v_heir uuid;
  v_deleted int := 0;
  v_transferred int := 0;
begin
  if not exists (select 1 from public.profiles p where p.id = p_user_id) then
    return jsonb_build_object('deleted_events', 0, 'transferred_events', 0);
  end if;
  for v_event in select e.id from public.events e where e.created_by = p_user_id for update loop
    select m.user_id into v_heir from public.event_members m
    where m.event_id = v_event.id and m.user_id <> p_user_id and m.deleted_at is null
    order by (m.role = 'admin') desc, m.created_at, m.id
    limit 1;
    if v_heir is null then
      delete from public.events where id = v_event.id;
      v_deleted := v_deleted + 1;
    else
      -- Event first, then the heir's role, then the leaver's row (it would go by cascade anyway).
      update public.events set created_by = v_heir,
        access_tier = (select p.subscription_tier from public.profiles p where p.id = v_heir)
      where id = v_event.id;
      update public.event_members set role = 'creator', deleted_at = null where event_id = v_event.id and user_id = v_heir;
      delete from public.event_members where event_id = v_event.id and user_id = p_user_id;
      v_transferred := v_transferred + 1;
    end if;
  end loop;
  insert into public.admin_activity (actor_id, action, target_type, target_id, details)
  values (p_actor_id, 'delete_user', 'user', p_user_id::text, jsonb_build_object(
    'email', (select p.email from public.profiles p where p.id = p_user_id),
    'deleted_events', v_deleted, 'transferred_events', v_transferred));
  return jsonb_build_object('deleted_events', v_deleted, 'transferred_events', v_transferred);
end
$$;
comment on function public.prepare_user_deletion(uuid, uuid) is
  'Server only: hands over or deletes the events a user created, and logs the deletion, before the auth user goes.';

revoke execute on function public.apply_subscription_change(uuid, text, text, timestamptz, timestamptz, boolean, text, text, bigint, text, text),
  public.prepare_user_deletion(uuid, uuid) from public, anon, authenticated;
grant execute on function public.apply_subscription_change(uuid, text, text, timestamptz, timestamptz, boolean, text, text, bigint, text, text),
  public.prepare_user_deletion(uuid, uuid) to service_role;
revoke execute on function public.admin_update_user_tier(uuid, text) from public, anon;
grant execute on function public.admin_update_user_tier(uuid, text) to authenticated, service_role;
grant execute on function public.tier_alias(text) to anon, authenticated, service_role;
