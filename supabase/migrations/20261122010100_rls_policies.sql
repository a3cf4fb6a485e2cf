-- Who may read and write what, for every core table (ARCHITECTURE "Data rules"). Policies are
-- written `to authenticated` (anon reads only the public settings and tier limits); service_role
-- bypasses RLS and keeps every privilege. Hosted projects grant all table privileges to the API
-- roles by default, so the grants below are the second gate: clients may write only the columns
-- named here, and never role, subscription_tier, access_tier, created_by or ids of other rows.
-- Writes the spec gives to procedures (settings, waitlist, friends, invitation answers) have no
-- client privilege at all; the security definer procedures do them.

-- Profiles a signed-in user may read: their own, co-members' (the other person's membership may
-- be soft-deleted, so old member lists still show names), friends', and all for site admins.
create function public.can_read_profile(p_profile_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select p_profile_id = (select auth.uid())
    or exists (
      select 1
      from public.event_members mine
      join public.event_members theirs on theirs.event_id = mine.event_id
      where mine.user_id = (select auth.uid()) and mine.deleted_at is null and theirs.user_id = p_profile_id
    )
    or exists (
      select 1 from public.friendships f
      where f.deleted_at is null
        and ((f.user_id = (select auth.uid()) and f.friend_id = p_profile_id)
          or (f.friend_id = (select auth.uid()) and f.user_id = p_profile_id))
    )
    or public.is_site_admin()
$$;
comment on function public.can_read_profile(uuid) is 'True when the caller may see the profile: self, co-member, friend or site admin.';
revoke execute on function public.can_read_profile(uuid) from public, anon;
grant execute on function public.can_read_profile(uuid) to authenticated, service_role;

-- Privileges -----------------------------------------------------------------------------------
-- Start from nothing for the API roles, then grant exactly what clients need.
revoke all on public.tier_limits, public.profiles, public.app_settings, public.waitlist, public.events,
  public.event_members, public.event_invitations, public.friend_requests, public.friendships,
  public.friend_invite_codes, public.stripe_subscriptions, public.payments, public.admin_activity
  from anon, authenticated;

grant select on public.tier_limits, public.app_settings to anon, authenticated;
grant select on public.profiles, public.waitlist, public.events, public.event_members, public.event_invitations,
  public.friend_requests, public.friendships, public.friend_invite_codes, public.stripe_subscriptions,
  public.payments, public.admin_activity to authenticated;

grant update (name, avatar, first_name, last_name, country, postal_code, street_address, street_number,
  notification_settings) on public.profiles to authenticated;
grant update (notes) on public.waitlist to authenticated;
grant insert (id, name, description, location, start_date, end_date, created_by, client_ref) on public.events to authenticated;
grant update (name, description, location, start_date, end_date, status, deleted_at) on public.events to authenticated;
grant insert (id, event_id, user_id, role) on public.event_members to authenticated;
grant update (role, deleted_at) on public.event_members to authenticated;
grant insert (id, event_id, sender_id, recipient_email, message) on public.event_invitations to authenticated;

-- The sender of an invitation inserted directly is the caller.
alter table public.event_invitations alter column sender_id set default auth.uid();

-- tier_limits, app_settings: public reading; written by migrations, procedures or the service role.
create policy "Everyone can read the tier limits" on public.tier_limits for select to anon, authenticated using (true);
create policy "Everyone can read the app settings" on public.app_settings for select to anon, authenticated using (true);

-- profiles
create policy "Users can read the profiles of co-members and friends" on public.profiles
  for select to authenticated using (public.can_read_profile(id));
create policy "Users can update their own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- waitlist: entries come in through add_to_waitlist; the admin panel reads them and edits notes.
create policy "Site admins can read the waitlist" on public.waitlist
  for select to authenticated using (public.is_site_admin());
create policy "Site admins can update waitlist entries" on public.waitlist
  for update to authenticated using (public.is_site_admin()) with check (public.is_site_admin());

-- events: the creator may read before the creator membership exists (insert ... returning).
create policy "Members can read their events" on public.events
  for select to authenticated using (created_by = (select auth.uid()) or public.is_event_member(id));
create policy "Signed-in users can create events of their own" on public.events
  for insert to authenticated with check (created_by = (select auth.uid()));
create policy "Managers can update their events" on public.events
  for update to authenticated using (public.is_event_manager(id)) with check (public.is_event_manager(id));

-- event_members: a removed member still reads their own row, so their device learns of it.
create policy "Members can read the members of their events" on public.event_members
  for select to authenticated using (user_id = (select auth.uid()) or public.is_event_member(event_id));
create policy "Managers can add members to their events" on public.event_members
  for insert to authenticated with check (public.is_event_manager(event_id) and role in ('admin', 'member'));
create policy "Managers can change the members of their events" on public.event_members
  for update to authenticated using (public.is_event_manager(event_id)) with check (public.is_event_manager(event_id));

-- event_invitations: answered through respond_to_invitation, cancelled through cancel_invitation.
create policy "Senders, recipients and managers can read invitations" on public.event_invitations
  for select to authenticated using (
    sender_id = (select auth.uid()) or recipient_id = (select auth.uid()) or public.is_event_manager(event_id)
  );
create policy "Managers can invite people to their events" on public.event_invitations
  for insert to authenticated with check (sender_id = (select auth.uid()) and public.is_event_manager(event_id));

-- friends: the two parties read; every write goes through the friend procedures.
create policy "The two parties can read a friend request" on public.friend_requests
  for select to authenticated using (sender_id = (select auth.uid()) or recipient_id = (select auth.uid()));
create policy "Users can read their friendships" on public.friendships
  for select to authenticated using (user_id = (select auth.uid()) or friend_id = (select auth.uid()));
create policy "Users can read their own friend invite codes" on public.friend_invite_codes
  for select to authenticated using (user_id = (select auth.uid()));

-- billing: written only by the service role (checkout, webhook).
create policy "Users and site admins can read subscriptions" on public.stripe_subscriptions
  for select to authenticated using (user_id = (select auth.uid()) or public.is_site_admin());
create policy "Users and site admins can read payments" on public.payments
  for select to authenticated using (user_id = (select auth.uid()) or public.is_site_admin());

-- admin_activity: written by admin procedures and server functions.
create policy "Site admins can read the admin activity" on public.admin_activity
  for select to authenticated using (public.is_site_admin());
