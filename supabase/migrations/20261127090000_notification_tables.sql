-- Notifications (issue 19, "The crew hears what happens"): the tables. What each row means, who
-- reads and writes it, and how it reaches the device. The rules that write them (triggers), the
-- delivery queues' procedures and the schedule follow in the next migrations.
--
--   public.notifications          one row per recipient and thing that concerns them, written only
--                                 by the database (never by clients), read and marked read by its
--                                 owner; synced to the device (updated_at, soft delete).
--   public.notification_settings  one row per user: per category x channel (in_app, push, mail)
--                                 switches, quiet hours, the daily digest. Made with the profile.
--   public.push_subscriptions     one row per device that accepted system notifications (Web Push).
--   public.event_follows          members of organizer events who follow all of an event's
--                                 activity as system notifications.
--   public.announcements          posts of an event's managers, pinned until each member has seen
--   public.announcement_reads     them (priority ones reach everyone as a system notification).
--   private.push_jobs             the push outbox: one job per notification and device, taken by
--   private.mail_jobs             the send-push function; the mail outbox (invitation mails and
--                                 digests) taken by send-notification-mail.
--
-- Categories (settings and every notification): invitations (invitations and friends), mentions
-- (replies to and @mentions of me), chat (other chat messages), money, rides, schedule_lists
-- (assignments on lists and the schedule), event_changes (dates or place changed, members joined,
-- ownership, announcements).

create function private.notification_categories() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['invitations', 'mentions', 'chat', 'money', 'rides', 'schedule_lists', 'event_changes']
$$;
comment on function private.notification_categories() is 'The notification categories, as settings and notifications name them.';

-- The channels of each category for someone who never changed a switch. Chat messages are counted
-- as unread in the app from the read markers, so they make no in-app row by default, only a push.
create function public.notification_channel_defaults() returns jsonb
language sql immutable
set search_path = ''
as $$
  select '{
    "invitations":    {"in_app": true,  "push": true, "mail": true},
    "mentions":       {"in_app": true,  "push": true, "mail": false},
    "chat":           {"in_app": false, "push": true, "mail": false},
    "money":          {"in_app": true,  "push": true, "mail": false},
    "rides":          {"in_app": true,  "push": true, "mail": false},
    "schedule_lists": {"in_app": true,  "push": true, "mail": false},
    "event_changes":  {"in_app": true,  "push": true, "mail": false}
  }'::jsonb
$$;
comment on function public.notification_channel_defaults() is
  'The default {category: {in_app, push, mail}} switches of a new account.';
grant execute on function public.notification_channel_defaults() to anon, authenticated, service_role;

-- Settings ----------------------------------------------------------------------------------------
create table public.notification_settings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  channels jsonb not null default public.notification_channel_defaults() check (jsonb_typeof(channels) = 'object'),
  quiet_hours_enabled boolean not null default false,
  quiet_hours_start time not null default '22:00',
  quiet_hours_end time not null default '07:00',
  time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64),
  digest_enabled boolean not null default false,
  digest_hour smallint not null default 18 check (digest_hour between 0 and 23),
  last_digest_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index notification_settings_updated_at_idx on public.notification_settings (updated_at, user_id);
create index notification_settings_digest_idx on public.notification_settings (user_id) where digest_enabled;
comment on table public.notification_settings is
  'Per user: which categories reach them on which channel, quiet hours (pushes held until they end) and the daily digest.';
comment on column public.notification_settings.channels is
  '{category: {in_app, push, mail}} for every category; mail means the daily digest (invitations are also mailed at once).';
comment on column public.notification_settings.time_zone is 'IANA time zone of quiet hours and the digest hour.';

-- Notifications -----------------------------------------------------------------------------------
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  event_id uuid references public.events (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z_]{0,39}$'),
  -- The list of private.notification_categories(), written out: PostgreSQL runs a check's functions
  -- as the writer, and the recipient updates read_at, but the API roles run nothing in private.
  category text not null check (category in ('invitations', 'mentions', 'chat', 'money', 'rides', 'schedule_lists',
    'event_changes')),
  actor_id uuid references public.profiles (id) on delete set null,
  title text not null check (length(title) <= 300),
  body text not null default '' check (length(body) <= 1000),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default clock_timestamp(),
  read_at timestamptz,
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
-- The delta pull reads a user's rows by (updated_at, id); RLS adds user_id = auth.uid().
create index notifications_user_updated_idx on public.notifications (user_id, updated_at, id);
create index notifications_updated_at_idx on public.notifications (updated_at, id);
create index notifications_unread_idx on public.notifications (user_id, event_id)
  where read_at is null and deleted_at is null;
-- For the foreign keys: deleting an event or a profile finds its rows without a scan (partial:
-- account notifications have no event, and most have an actor only while that account exists).
create index notifications_event_idx on public.notifications (event_id) where event_id is not null;
create index notifications_actor_idx on public.notifications (actor_id) where actor_id is not null;
comment on table public.notifications is
  'One row per recipient of something that concerns them; written by the database, read and marked read by the recipient.';
comment on column public.notifications.data is
  '{path: the app page it opens, plus the ids it is about (invitation_id, message_id, ...)}';

-- Devices ------------------------------------------------------------------------------------------
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null check (endpoint ~ '^https?://[^\s/]+/\S*$' and length(endpoint) <= 2000),
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{16,32}$'),
  device_label text check (device_label is null or length(device_label) <= 100),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  last_used_at timestamptz,
  constraint push_subscriptions_endpoint_key unique (endpoint)
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);
comment on table public.push_subscriptions is
  'Web Push subscriptions, one per device (browser profile); a push service''s 404/410 removes one.';

-- Following an event -------------------------------------------------------------------------------
create table public.event_follows (
  id uuid not null default gen_random_uuid() unique,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  primary key (event_id, user_id)
);
create index event_follows_user_idx on public.event_follows (user_id);
create index event_follows_updated_at_idx on public.event_follows (updated_at, id);
comment on table public.event_follows is
  'Members of organizer events who get every activity of the event as a system notification; unfollowing is soft.';

-- Announcements ------------------------------------------------------------------------------------
create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  title text check (title is null or length(btrim(title)) between 1 and 120),
  body text not null check (length(btrim(body)) between 1 and 2000),
  priority boolean not null default false,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create index announcements_event_idx on public.announcements (event_id, created_at);
create index announcements_author_idx on public.announcements (author_id) where author_id is not null;
create index announcements_updated_at_idx on public.announcements (updated_at, id);
comment on table public.announcements is
  'Posts of an event''s managers, pinned on the event until each member has seen them; priority ones (organizer) reach everyone as a system notification.';

create table public.announcement_reads (
  id uuid not null default gen_random_uuid() unique,
  announcement_id uuid not null references public.announcements (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  seen_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  primary key (announcement_id, user_id)
);
create index announcement_reads_event_idx on public.announcement_reads (event_id);
create index announcement_reads_user_idx on public.announcement_reads (user_id);
create index announcement_reads_updated_at_idx on public.announcement_reads (updated_at, id);
comment on table public.announcement_reads is 'Who has seen which announcement (it stays pinned for the others).';

-- The outboxes (server only) ---------------------------------------------------------------------
create table private.push_jobs (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  notification_id uuid,
  payload jsonb not null,
  urgency text not null default 'normal' check (urgency in ('very-low', 'low', 'normal', 'high')),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  available_at timestamptz not null default clock_timestamp(),
  locked_until timestamptz,
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default clock_timestamp()
);
create index push_jobs_due_idx on private.push_jobs (available_at, id) where status in ('pending', 'sending');
create index push_jobs_subscription_idx on private.push_jobs (subscription_id);
create index push_jobs_user_idx on private.push_jobs (user_id);
comment on table private.push_jobs is
  'Web Push outbox: one system notification for one device, held until available_at (quiet hours, retries).';

create table private.mail_jobs (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('invitation', 'digest')),
  invitation_id uuid references public.event_invitations (id) on delete cascade,
  user_id uuid references public.profiles (id) on delete cascade,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts int not null default 0,
  available_at timestamptz not null default clock_timestamp(),
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default clock_timestamp(),
  constraint mail_jobs_subject check ((kind = 'invitation') = (invitation_id is not null) and (kind <> 'digest' or user_id is not null))
);
create index mail_jobs_due_idx on private.mail_jobs (available_at, id) where status in ('pending', 'sending');
create index mail_jobs_invitation_idx on private.mail_jobs (invitation_id) where invitation_id is not null;
create index mail_jobs_user_idx on private.mail_jobs (user_id) where user_id is not null;
comment on table private.mail_jobs is 'Mail outbox: invitation mails (with their sign-up link) and daily digests.';

-- updated_at, the pull cursor --------------------------------------------------------------------
create trigger notification_settings_updated_at before update on public.notification_settings
  for each row execute function public.set_updated_at();
create trigger notifications_updated_at before update on public.notifications
  for each row execute function public.set_updated_at();
create trigger push_subscriptions_updated_at before update on public.push_subscriptions
  for each row execute function public.set_updated_at();
create trigger event_follows_updated_at before update on public.event_follows
  for each row execute function public.set_updated_at();
create trigger announcements_updated_at before update on public.announcements
  for each row execute function public.set_updated_at();
create trigger announcement_reads_updated_at before update on public.announcement_reads
  for each row execute function public.set_updated_at();
create trigger announcements_a_tombstone before update on public.announcements
  for each row execute function public.keep_tombstone();

-- Row-level security and privileges ---------------------------------------------------------------
alter table public.notification_settings enable row level security;
alter table public.notifications enable row level security;
alter table public.push_subscriptions enable row level security;
alter table public.event_follows enable row level security;
alter table public.announcements enable row level security;
alter table public.announcement_reads enable row level security;

revoke all on public.notification_settings, public.notifications, public.push_subscriptions, public.event_follows,
  public.announcements, public.announcement_reads from anon, authenticated;
-- The outboxes are in private, which the API does not serve, and no API role has a grant on them:
-- only the owner's procedures (claim_*/finish_*, the triggers) touch them, so they need no RLS
-- (like private.app_secrets).
revoke all on private.push_jobs, private.mail_jobs from public, anon, authenticated, service_role;

grant select on public.notification_settings, public.notifications, public.push_subscriptions, public.event_follows,
  public.announcements, public.announcement_reads to authenticated;
-- Read state is the only thing a client writes on a notification (marking read works offline and
-- replays safely: the first read time stays, see notifications_read_rules).
grant update (read_at) on public.notifications to authenticated;
-- Settings: the switches, quiet hours and digest; last_digest_at is the server's.
grant insert (user_id, channels, quiet_hours_enabled, quiet_hours_start, quiet_hours_end, time_zone, digest_enabled,
  digest_hour) on public.notification_settings to authenticated;
grant update (channels, quiet_hours_enabled, quiet_hours_start, quiet_hours_end, time_zone, digest_enabled, digest_hour)
  on public.notification_settings to authenticated;
-- Devices are registered through register_push_subscription (an endpoint moves to whoever is
-- signed in on that browser); the owner renames and removes them.
grant update (device_label) on public.push_subscriptions to authenticated;
grant delete on public.push_subscriptions to authenticated;
-- author_id comes from its default; managers post and withdraw (deleted_at).
grant insert (id, event_id, title, body, priority) on public.announcements to authenticated;
grant update (deleted_at) on public.announcements to authenticated;

create policy "Users can read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can mark their own notifications read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Users can read their own notification settings" on public.notification_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can create their own notification settings" on public.notification_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users can change their own notification settings" on public.notification_settings
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Users can read their own devices" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can rename their own devices" on public.push_subscriptions
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users can remove their own devices" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Users can read what they follow" on public.event_follows
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Members can read their events' announcements" on public.announcements
  for select to authenticated using (private.is_event_member(event_id));
create policy "Managers can post announcements" on public.announcements
  for insert to authenticated with check (author_id = (select auth.uid()) and private.is_event_manager(event_id));
create policy "Authors and managers can withdraw announcements" on public.announcements
  for update to authenticated
  using (private.is_event_member(event_id) and (author_id = (select auth.uid()) or private.is_event_manager(event_id)))
  with check (private.is_event_member(event_id));

create policy "Members read their own seen marks, managers everyone's" on public.announcement_reads
  for select to authenticated
  using ((user_id = (select auth.uid()) and private.is_event_member(event_id)) or private.is_event_manager(event_id));

-- A suspended account reaches none of it at once (20261126100100_suspended_accounts.sql: every
-- public table under RLS has this restrictive policy).
create policy "Suspended accounts have no access" on public.notification_settings as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
create policy "Suspended accounts have no access" on public.notifications as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
create policy "Suspended accounts have no access" on public.push_subscriptions as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
create policy "Suspended accounts have no access" on public.event_follows as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
create policy "Suspended accounts have no access" on public.announcements as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));
create policy "Suspended accounts have no access" on public.announcement_reads as restrictive for all to authenticated
  using ((select private.is_active_user())) with check ((select private.is_active_user()));

-- Realtime: the synced tables ring the device's doorbell ------------------------------------------
alter table public.notification_settings replica identity full;
alter table public.notifications replica identity full;
alter table public.event_follows replica identity full;
alter table public.announcements replica identity full;
alter table public.announcement_reads replica identity full;
alter publication supabase_realtime add table
  public.notification_settings, public.notifications, public.event_follows, public.announcements, public.announcement_reads;
