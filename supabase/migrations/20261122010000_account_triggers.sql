-- Accounts: the database makes each user's profile when the auth user is created (decisions:
-- a client never inserts profiles nor writes role or subscription_tier), keeps the profile's
-- email equal to the auth email, and hands invitations sent to an address with no account yet
-- to that account when it signs up (decisions "Events": such invitations are delivered then).

-- Links the invitations addressed to an email to the account that now owns that email.
create function public.link_invitations_to_user(p_user_id uuid, p_email text) returns void
language sql
security definer
set search_path = ''
as $$
  update public.event_invitations
  set recipient_id = p_user_id
  where p_email is not null
    and recipient_id is null
    and lower(recipient_email) = lower(btrim(p_email));
$$;
comment on function public.link_invitations_to_user(uuid, text) is
  'Gives invitations addressed to an email (and not yet linked) to the account with that email.';

-- The profile from the sign-up metadata: name, or first_name/last_name, and an avatar URL.
-- Values are trimmed to the column limits so that a long name never fails a sign-up.
create function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_name text := nullif(btrim(coalesce(v_meta ->> 'name', v_meta ->> 'full_name', '')), '');
  v_first text := nullif(btrim(coalesce(v_meta ->> 'first_name', '')), '');
  v_last text := nullif(btrim(coalesce(v_meta ->> 'last_name', '')), '');
  v_avatar text := nullif(btrim(coalesce(v_meta ->> 'avatar', v_meta ->> 'avatar_url', '')), '');
begin
  if v_name is null and (v_first is not null or v_last is not null) then
    v_name := concat_ws(' ', v_first, v_last);
  elsif v_name is not null and v_first is null and v_last is null then
    -- spec section 4: first word is the first name, the rest the last name
    v_first := split_part(v_name, ' ', 1);
    v_last := nullif(btrim(substr(v_name, length(v_first) + 1)), '');
  end if;
  insert into public.profiles (id, name, email, avatar, first_name, last_name)
  values (new.id, left(v_name, 200), new.email, left(v_avatar, 1000), left(v_first, 100), left(v_last, 100))
  on conflict (id) do nothing;
  perform public.link_invitations_to_user(new.id, new.email);
  return new;
end
$$;
comment on function public.handle_new_user() is 'Makes the profile of a new auth user and delivers invitations waiting for its email.';

create function public.handle_user_email_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  perform public.link_invitations_to_user(new.id, new.email);
  return new;
end
$$;
comment on function public.handle_user_email_change() is 'Keeps profiles.email equal to the auth email.';

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function public.handle_user_email_change();

revoke execute on function public.link_invitations_to_user(uuid, text), public.handle_new_user(),
  public.handle_user_email_change() from public, anon, authenticated;
