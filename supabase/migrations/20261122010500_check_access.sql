-- Access checks of spec section 6 and decisions "Tiers": check_access(p_key, p_event_id) answers
-- {access: full_access | gated_access | no_access, required_tier, current_tier, feature}.
-- Event features and the tier features inside the event pages are decided by the event's
-- access_tier (the creator's tier) for members, or by the caller's own tier without an event;
-- dashboard_page and profile are open to every signed-in user; admin_panel is for site admins;
-- other keys follow app_settings.component_access, and without an entry keys prefixed admin_
-- are for site admins only and the rest are open.

-- The lowest tier that has a feature; null for keys that are not tier features.
create function public.feature_required_tier(p_key text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_key in ('event_chat', 'event_checklists', 'event_expenses', 'event_schedule', 'basic_checklists',
                   'chat', 'manual_expenses', 'schedule') then 'free'
    when p_key in ('event_transport', 'event_camp_planner', 'automated_expense_splitting', 'templates_cloning',
                   'extended_chat', 'extended_schedule', 'basic_transport', 'basic_site_planner', 'whatsapp_import',
                   'simple_exports') then 'starter'
    when p_key in ('advanced_expense_splitting', 'multi_event_dashboard', 'duplicate_templates', 'white_label',
                   'priority_notifications', 'structured_imports', 'premium_site_planner', 'premium_transport')
      then 'organizer'
  end
$$;
comment on function public.feature_required_tier(text) is 'The lowest tier that includes a feature key, null when the key is not a tier feature.';

create function public.check_access(p_key text, p_event_id uuid default null) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.require_uid();
  v_profile public.profiles;
  v_required text := public.feature_required_tier(p_key);
  v_current text;
  v_roles jsonb;
  v_allowed boolean;
begin
  select * into v_profile from public.profiles p where p.id = v_uid;
  if v_required is not null then
    if p_event_id is not null then
      if not public.is_event_member(p_event_id) then
        return jsonb_build_object('access', 'no_access', 'required_tier', v_required, 'current_tier', null, 'feature', p_key);
      end if;
      select e.access_tier into v_current from public.events e where e.id = p_event_id;
    else
      v_current := coalesce(v_profile.subscription_tier, 'free');
    end if;
    return jsonb_build_object(
      'access', case when public.tier_rank(v_current) >= public.tier_rank(v_required) then 'full_access' else 'gated_access' end,
      'required_tier', v_required, 'current_tier', v_current, 'feature', p_key);
  end if;

  v_current := coalesce(v_profile.subscription_tier, 'free');
  if p_key in ('dashboard_page', 'profile') then
    v_allowed := v_profile.id is not null;
  elsif p_key = 'admin_panel' then
    v_allowed := coalesce(v_profile.role = 'admin', false);
  else
    select s.value -> p_key into v_roles from public.app_settings s where s.key = 'component_access';
    if jsonb_typeof(v_roles) = 'array' then
      v_allowed := v_roles ? coalesce(v_profile.role, 'user');
    else
      v_allowed := p_key not like 'admin\_%' or coalesce(v_profile.role = 'admin', false);
    end if;
  end if;
  return jsonb_build_object('access', case when v_allowed then 'full_access' else 'no_access' end,
    'required_tier', null, 'current_tier', v_current, 'feature', p_key);
end
$$;

revoke execute on function public.check_access(text, uuid) from public, anon;
grant execute on function public.check_access(text, uuid) to authenticated, service_role;
