-- The admin panel's procedures (settings, waitlist, admins, user statistics) and the waitlist's own
-- entry points for visitors. Each is `security definer` and checks its own rule first (site admin,
-- or a signed approval token), so it does not depend on the table policies. Every admin action and
-- waitlist decision is written to public.admin_activity, once: a replay that changes nothing writes
-- nothing and answers with the state already reached.
--
-- Approval links (decisions "Accounts, waitlist, admin"): `/register?token=<base64url(email)>.<sig>`
-- where sig is an HMAC-SHA256 of the lower-cased email under a secret kept in `private`, a schema
-- the API roles cannot reach. So a token cannot be made up from a known address.

create schema if not exists private;
revoke all on schema private from public;
comment on schema private is 'Server-only state and helpers; no API role has usage.';

create table private.app_secrets (
  key text primary key,
  value bytea not null,
  created_at timestamptz not null default clock_timestamp()
);
comment on table private.app_secrets is 'Per-project secrets made at migration time (the waitlist approval signing key).';
insert into private.app_secrets (key, value) values ('waitlist_approval', extensions.gen_random_bytes(32));

-- base64url without padding: safe in a query string.
create function private.base64url_encode(p_data bytea) returns text
language sql immutable
set search_path = ''
as $$
  select translate(encode(p_data, 'base64'), E'+/=\n', '-_')
$$;

-- Null for anything that is not base64url.
create function private.base64url_decode(p_text text) returns bytea
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := translate(coalesce(p_text, ''), '-_', '+/');
begin
  if v !~ '^[A-Za-z0-9+/]*$' then
    return null;
  end if;
  return decode(v || repeat('=', (4 - length(v) % 4) % 4), 'base64');
exception when others then
  return null;
end
$$;

create function private.approval_signature(p_email text) returns text
language sql stable
set search_path = ''
as $$
  select private.base64url_encode(extensions.hmac(
    convert_to('waitlist-approval:' || lower(btrim(p_email)), 'UTF8'),
    (select s.value from private.app_secrets s where s.key = 'waitlist_approval'),
    'sha256'))
$$;

create function private.approval_token(p_email text) returns text
language sql stable
set search_path = ''
as $$
  select private.base64url_encode(convert_to(lower(btrim(p_email)), 'UTF8')) || '.' || private.approval_signature(p_email)
$$;

-- The email a token was made for, when its signature is right (whatever the entry's status now).
create function private.approval_token_email(p_token text) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  v_parts text[] := string_to_array(coalesce(p_token, ''), '.');
  v_bytes bytea;
  v_email text;
begin
  if array_length(v_parts, 1) is distinct from 2 or length(p_token) > 2000 then
    return null;
  end if;
  v_bytes := private.base64url_decode(v_parts[1]);
  if v_bytes is null then
    return null;
  end if;
  begin
    v_email := convert_from(v_bytes, 'UTF8');
  exception when others then
    return null;
  end;
  if v_email is null or position('@' in v_email) = 0 or v_parts[2] <> private.approval_signature(v_email) then
    return null;
  end if;
  return lower(btrim(v_email));
end
$$;

create function private.require_site_admin() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if not public.is_site_admin() then
    raise exception 'Admin access required' using errcode = '42501';
  end if;
end
$$;

create function private.log_admin_activity(p_action text, p_target_type text, p_target_id text, p_details jsonb)
returns void
language sql
set search_path = ''
as $$
  insert into public.admin_activity (actor_id, action, target_type, target_id, details)
  values (auth.uid(), p_action, p_target_type, p_target_id, coalesce(p_details, '{}'::jsonb))
$$;

-- Settings ----------------------------------------------------------------------------------------

create function public.toggle_feature(p_key text, p_enabled boolean) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_current jsonb;
begin
  perform private.require_site_admin();
  if p_enabled is null then
    raise exception 'Enabled must be true or false' using errcode = '22023';
  end if;
  select s.value into v_current from public.app_settings s
  where s.key = p_key and p_key like '%\_enabled' for update;
  if not found then
    raise exception 'Unknown feature: %', coalesce(p_key, 'null') using errcode = 'P0001';
  end if;
  -- spec section 4: the shop switch cannot be changed; the update is silently skipped.
  if p_key = 'shop_enabled' then
    return jsonb_build_object('success', true, 'message', 'Feature updated', 'key', p_key,
      'enabled', coalesce((v_current ->> 'enabled')::boolean, false));
  end if;
  if (v_current ->> 'enabled')::boolean is distinct from p_enabled then
    update public.app_settings set value = jsonb_build_object('enabled', p_enabled) where key = p_key;
    perform private.log_admin_activity('toggle_feature', 'app_setting', p_key,
      jsonb_build_object('enabled', p_enabled, 'previous', v_current));
  end if;
  return jsonb_build_object('success', true, 'message', 'Feature updated', 'key', p_key, 'enabled', p_enabled);
end
$$;
comment on function public.toggle_feature(text, boolean) is 'Admin: sets a {key}_enabled switch; shop_enabled stays as it is.';

create function public.update_component_access(p_settings jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_key text;
  v_roles jsonb;
  v_current jsonb;
begin
  perform private.require_site_admin();
  if p_settings is null or jsonb_typeof(p_settings) <> 'object' then
    raise exception 'Component access must be an object of role lists' using errcode = '22023';
  end if;
  for v_key, v_roles in select * from jsonb_each(p_settings) loop
    if v_key !~ '^[a-z][a-z0-9_]{0,63}$' then
      raise exception 'Invalid component key: %', v_key using errcode = '22023';
    end if;
    if jsonb_typeof(v_roles) <> 'array'
       or exists (select 1 from jsonb_array_elements(v_roles) r where r not in ('"user"'::jsonb, '"admin"'::jsonb)) then
      raise exception 'Roles of % must be a list of user and admin', v_key using errcode = '22023';
    end if;
  end loop;
  -- Admins must keep their way back into the panel that edits these lists.
  if p_settings ? 'admin_panel' and not (p_settings -> 'admin_panel') ? 'admin' then
    raise exception 'The admin panel must stay open to admins' using errcode = 'P0001';
  end if;
  select s.value into v_current from public.app_settings s where s.key = 'component_access' for update;
  if v_current is distinct from p_settings then
    insert into public.app_settings (key, value) values ('component_access', p_settings)
    on conflict (key) do update set value = excluded.value;
    perform private.log_admin_activity('update_component_access', 'app_setting', 'component_access',
      jsonb_build_object('settings', p_settings, 'previous', v_current));
  end if;
  return jsonb_build_object('success', true, 'message', 'Component access updated', 'settings', p_settings);
end
$$;
comment on function public.update_component_access(jsonb) is 'Admin: replaces the component_access role lists.';

-- Waitlist ----------------------------------------------------------------------------------------

create function public.add_to_waitlist(p_email text, p_name text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_name text := nullif(btrim(coalesce(p_name, '')), '');
begin
  if position('@' in v_email) < 2 or length(v_email) > 320 then
    return jsonb_build_object('success', false, 'message', 'Please enter a valid email address');
  end if;
  if length(v_name) > 200 then
    return jsonb_build_object('success', false, 'message', 'Name must be at most 200 characters');
  end if;
  insert into public.waitlist (email, name) values (v_email, v_name)
  on conflict ((lower(email))) do nothing;
  if not found then
    return jsonb_build_object('success', false, 'message', 'This email is already on the waitlist.');
  end if;
  return jsonb_build_object('success', true, 'message', 'You have been added to the waitlist.');
end
$$;
comment on function public.add_to_waitlist(text, text) is 'Anyone: puts an email on the waitlist (once, case-insensitively).';

create function private.waitlist_entry_json(p_entry public.waitlist) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('id', p_entry.id, 'email', p_entry.email, 'name', p_entry.name, 'status', p_entry.status,
    'notes', p_entry.notes, 'created_at', p_entry.created_at, 'processed_at', p_entry.processed_at,
    'processed_by', p_entry.processed_by)
$$;

create function public.process_waitlist_entry(p_id uuid, p_status text, p_notes text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist;
  v_notes text := nullif(btrim(coalesce(p_notes, '')), '');
  v_result jsonb;
  v_token text;
begin
  perform private.require_site_admin();
  if p_status is null or p_status not in ('pending', 'approved', 'rejected') then
    raise exception 'Status must be pending, approved or rejected' using errcode = '22023';
  end if;
  if length(v_notes) > 2000 then
    raise exception 'Notes must be at most 2000 characters' using errcode = '22023';
  end if;
  select * into v_entry from public.waitlist w where w.id = p_id for update;
  if not found then
    raise exception 'Waitlist entry not found' using errcode = 'P0001';
  end if;
  if v_entry.status is distinct from p_status or v_entry.notes is distinct from v_notes then
    update public.waitlist set status = p_status, notes = v_notes,
      processed_at = case when p_status = 'pending' then null else clock_timestamp() end,
      processed_by = case when p_status = 'pending' then null else auth.uid() end
    where id = p_id
    returning * into v_entry;
    perform private.log_admin_activity('process_waitlist_entry', 'waitlist', p_id::text,
      jsonb_build_object('email', v_entry.email, 'status', p_status, 'notes', v_notes));
  end if;
  v_result := jsonb_build_object('success', true, 'message', 'Waitlist entry updated',
    'entry', private.waitlist_entry_json(v_entry));
  if v_entry.status = 'approved' then
    v_token := private.approval_token(v_entry.email);
    v_result := v_result || jsonb_build_object('token', v_token, 'email', v_entry.email,
      'link', '/register?token=' || v_token);
  end if;
  return v_result;
end
$$;
comment on function public.process_waitlist_entry(uuid, text, text) is
  'Admin: approves, rejects or resets a waitlist entry; an approval answers the signed /register link.';

create function public.verify_approval_token(p_token text) returns text
language sql stable security definer
set search_path = ''
as $$
  select w.email
  from public.waitlist w
  where lower(w.email) = private.approval_token_email(p_token) and w.status = 'approved'
$$;
comment on function public.verify_approval_token(text) is
  'Server only: the approved email an approval token was signed for, or null.';

-- Admins read the whole entry. Anyone else learns only whether a valid approval token's email is
-- approved (the register page), never whether some address is on the list.
create function public.get_waitlist_entry_by_email(p_email text, p_token text default null) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist;
  v_token_email text;
begin
  select * into v_entry from public.waitlist w where lower(w.email) = lower(btrim(coalesce(p_email, '')));
  if not found then
    return null;
  end if;
  if public.is_site_admin() then
    return private.waitlist_entry_json(v_entry);
  end if;
  v_token_email := private.approval_token_email(p_token);
  if v_token_email is not null and v_token_email = lower(v_entry.email) and v_entry.status = 'approved' then
    return jsonb_build_object('email', v_entry.email, 'name', v_entry.name, 'status', v_entry.status);
  end if;
  return null;
end
$$;
comment on function public.get_waitlist_entry_by_email(text, text) is
  'Admin: the entry for an email. Others: email, name and status only with that email''s valid approval token.';

-- Admins ------------------------------------------------------------------------------------------

create function public.add_admin_user(p_user_id uuid, p_email text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  perform private.require_site_admin();
  if p_user_id is not null then
    select * into v_profile from public.profiles p where p.id = p_user_id for update;
  elsif nullif(btrim(p_email), '') is not null then
    select * into v_profile from public.profiles p where lower(p.email) = lower(btrim(p_email)) for update;
  end if;
  if v_profile.id is null
     or (p_user_id is not null and nullif(btrim(p_email), '') is not null and lower(v_profile.email) <> lower(btrim(p_email))) then
    raise exception 'User not found' using errcode = 'P0001';
  end if;
  if v_profile.role = 'admin' then
    return jsonb_build_object('success', true, 'message', 'User is already an admin', 'user_id', v_profile.id);
  end if;
  update public.profiles set role = 'admin' where id = v_profile.id;
  perform private.log_admin_activity('add_admin', 'user', v_profile.id::text, jsonb_build_object('email', v_profile.email));
  return jsonb_build_object('success', true, 'message', 'Admin added', 'user_id', v_profile.id);
end
$$;
comment on function public.add_admin_user(uuid, text) is 'Admin: gives a user (by id, or by email when the id is null) the admin role.';

create function public.remove_admin_user(p_user_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  perform private.require_site_admin();
  -- Lock every admin row so two admins removing each other at once cannot leave none.
  perform 1 from public.profiles p where p.role = 'admin' for update;
  select * into v_profile from public.profiles p where p.id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'P0001';
  end if;
  if v_profile.role <> 'admin' then
    return jsonb_build_object('success', true, 'message', 'User is not an admin', 'user_id', v_profile.id);
  end if;
  if (select count(*) from public.profiles p where p.role = 'admin') <= 1 then
    raise exception 'Cannot remove the last admin' using errcode = 'P0001';
  end if;
  update public.profiles set role = 'user' where id = v_profile.id;
  perform private.log_admin_activity('remove_admin', 'user', v_profile.id::text, jsonb_build_object('email', v_profile.email));
  return jsonb_build_object('success', true, 'message', 'Admin removed', 'user_id', v_profile.id);
end
$$;
comment on function public.remove_admin_user(uuid) is 'Admin: takes the admin role back, never from the last admin.';

-- Statistics --------------------------------------------------------------------------------------

create function public.get_user_aggregated_stats(p_user_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or (p_user_id is distinct from auth.uid() and not public.is_site_admin()) then
    raise exception 'You can only see your own statistics' using errcode = '42501';
  end if;
  return (
    with spend as (
      select
        round(coalesce(sum(p.amount_minor) filter (where p.kind = 'tier'), 0) / 100.0, 2) as tier,
        round(coalesce(sum(p.amount_minor) filter (where p.kind = 'tools'), 0) / 100.0, 2) as tools
      from public.payments p where p.user_id = p_user_id
    ), mine as (
      select e.status, e.start_date, e.end_date
      from public.events e
      join public.event_members m on m.event_id = e.id and m.user_id = p_user_id and m.deleted_at is null
    )
    select jsonb_build_object(
      'total_tier_spend', spend.tier,
      'total_tools_spend', spend.tools,
      'active_events_count', (select count(*) from mine where status = 'active'),
      'archived_events_count', (select count(*) from mine where status = 'past'),
      'deleted_events_count', (select count(*) from mine where status = 'deleted'),
      'average_event_duration_days', coalesce((
        select round(avg(end_date - start_date + 1), 1) from mine where start_date is not null and end_date is not null
      ), 0))
    from spend
  );
end
$$;
comment on function public.get_user_aggregated_stats(uuid) is
  'Spend (in currency units) from payments and counts of the events a user belongs to; admins any user, users themselves.';

-- Who may call what: the API's default grants give every function to anon; take them back.
revoke execute on function public.toggle_feature(text, boolean), public.update_component_access(jsonb),
  public.process_waitlist_entry(uuid, text, text), public.add_admin_user(uuid, text),
  public.remove_admin_user(uuid), public.get_user_aggregated_stats(uuid) from public, anon;
grant execute on function public.toggle_feature(text, boolean), public.update_component_access(jsonb),
  public.process_waitlist_entry(uuid, text, text), public.add_admin_user(uuid, text),
  public.remove_admin_user(uuid), public.get_user_aggregated_stats(uuid) to authenticated, service_role;
revoke execute on function public.verify_approval_token(text) from public, anon, authenticated;
grant execute on function public.verify_approval_token(text) to service_role;
grant execute on function public.add_to_waitlist(text, text), public.get_waitlist_entry_by_email(text, text)
  to anon, authenticated, service_role;
