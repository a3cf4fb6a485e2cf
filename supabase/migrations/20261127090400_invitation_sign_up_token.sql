-- A mailed invitation lets its address sign up while the waitlist is on (decisions "Events":
-- "its link lets the invited address register even while the waitlist is on (a signed token bound
-- to that address, like the approval token)"). The register page passes the link's token in the
-- sign-up metadata as `invitation_token`; the sign-up gate (20261126100000_sign_up_gate.sql)
-- accepts the addresses its tokens vouch for, and this adds the invitation's token to them. A
-- token vouches for its address only while its invitation is open (pending, not cancelled, the
-- event not deleted): private.invitation_token_email.

create or replace function private.sign_up_token_emails(p_meta jsonb) returns text[]
language sql stable
set search_path = ''
as $$
  select coalesce(array_agg(lower(t.email)) filter (where t.email is not null), '{}')
  from (values
    -- an approved waitlist entry's /register?token=… link (approval_token_email checks the signature)
    (public.verify_approval_token(p_meta ->> 'approval_token')),
    -- a mailed invitation's /join?id=…&invitation=… link, while the invitation is open
    (private.invitation_token_email(p_meta ->> 'invitation_token'))
  ) as t (email)
$$;

-- The gate as before, with its own words for an invitation link that does not vouch for the address.
create or replace function public.hook_before_user_created(event jsonb) returns jsonb
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
  if v_meta ? 'invitation_token' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403,
      'message', 'This invitation link is for another email address, or the invitation is no longer open.'));
  end if;
  return jsonb_build_object('error', jsonb_build_object('http_code', 403,
    'message', 'New accounts need an approved waitlist request while the waitlist is on. Join the waitlist and we will email you a link when your spot is ready.'));
end
$$;
