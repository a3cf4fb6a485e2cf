-- The sign-up gate (decisions "Accounts, waitlist, admin": the waitlist and registration switches
-- are enforced by the auth server, not only by the web app). Supabase Auth calls this function
-- before it creates a user through sign-up (its "before user created" hook, configured in
-- supabase/config.toml as [auth.hook.before_user_created]; the local backend calls it the same
-- way). Users made through the admin API (service role: admin-create-user) are not passed to it.
--
--   registration off                      -> refused, whatever the token
--   registration on, waitlist off         -> allowed
--   registration on, waitlist on          -> allowed only with a signed sign-up token in the
--                                            user metadata that vouches for this very address
--
-- A refusal is the hook's error object {error: {http_code, message}}; the auth server answers the
-- sign-up with that status and message, and the web app shows the message.

-- A site switch ({"enabled": …} in app_settings) is on unless its flag is false (spec section 2).
create function private.switch_is_on(p_key text) returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select s.value -> 'enabled' from public.app_settings s where s.key = p_key) is distinct from 'false'::jsonb,
    true)
$$;

-- The addresses the signed sign-up tokens in a sign-up's metadata vouch for, lower case. One row
-- per kind of token: a mailed invitation's token is one more line here.
create function private.sign_up_token_emails(p_meta jsonb) returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(lower(t.email)) filter (where t.email is not null), '{}')
  from (values
    -- an approved waitlist entry's /register?token=… link (approval_token_email checks the signature)
    (public.verify_approval_token(p_meta ->> 'approval_token'))
  ) as t (email)
$$;

create function public.hook_before_user_created(event jsonb) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(event -> 'user' ->> 'email', '')));
  v_meta jsonb := event -> 'user' -> 'user_metadata';
begin
  if jsonb_typeof(v_meta) is distinct from 'object' then
    v_meta := '{}'::jsonb;
  end if;
  if not private.switch_is_on('registration_enabled') then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403,
      'message', 'Registration is closed at the moment, so no new accounts can be made.'));
  end if;
  if not private.switch_is_on('waitlist_enabled') then
    return '{}'::jsonb;
  end if;
  if v_email <> '' and v_email = any (private.sign_up_token_emails(v_meta)) then
    return '{}'::jsonb;
  end if;
  if v_meta ? 'approval_token' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403,
      'message', 'This approval link is not valid for this email address, or it is no longer approved.'));
  end if;
  return jsonb_build_object('error', jsonb_build_object('http_code', 403,
    'message', 'New accounts need an approved waitlist request while the waitlist is on. Join the waitlist and we will email you a link when your spot is ready.'));
end
$$;
comment on function public.hook_before_user_created(jsonb) is
  'Auth hook (before user created): enforces the registration and waitlist switches on sign-up.';

-- As Supabase's hook documentation asks: only the auth server may call the hook.
grant usage on schema public to supabase_auth_admin;
revoke execute on function public.hook_before_user_created(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_before_user_created(jsonb) to supabase_auth_admin;
