-- CrewCamp's core schema: profiles, settings, waitlist, events, members, invitations, friends,
-- subscriptions, payments and the admin activity log, with the tier limits every rule reads.
-- Row-level security is enabled on every table here; the policies follow in their own migration.

-- Tier limits (spec section 9, decisions "Tiers"): one table of constants. The client keeps the
-- same numbers in src/access/tier-limits.json; a test checks the two agree.
create table public.tier_limits (
  tier text primary key check (tier in ('free', 'starter', 'organizer')),
  max_events_simultaneously int not null,
  max_planning_days int not null,
  max_members_per_event int not null,
  max_co_organizers int not null,
  auto_delete_past_events_after_days int not null,
  monthly_price int not null,
  yearly_price int not null
);
comment on table public.tier_limits is 'The limits and prices of each subscription tier (spec section 9).';
insert into public.tier_limits values
  ('free', 2, 30, 4, 0, 14, 0, 0),
  ('starter', 10, 180, 15, 1, 60, 20, 216),
  ('organizer', 25, 370, 40, 4, 180, 50, 540);

-- Keeps updated_at current on every synced table (clock_timestamp: distinct within a transaction).
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text,
  email text,
  avatar text,
  first_name text,
  last_name text,
  country text,
  postal_code text,
  street_address text,
  street_number text,
  role text not null default 'user' check (role in ('user', 'admin')),
  subscription_tier text not null default 'free' check (subscription_tier in ('free', 'starter', 'organizer')),
  notification_settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  constraint profiles_name_length check (name is null or length(name) <= 200),
  constraint profiles_fields_length check (
    coalesce(length(first_name), 0) <= 100 and coalesce(length(last_name), 0) <= 100
    and coalesce(length(country), 0) <= 100 and coalesce(length(postal_code), 0) <= 20
    and coalesce(length(street_address), 0) <= 200 and coalesce(length(street_number), 0) <= 20
    and coalesce(length(avatar), 0) <= 1000
  )
);
comment on table public.profiles is 'One row per account: what members see of each other, plus role and tier.';

create table public.app_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default clock_timestamp()
);
comment on table public.app_settings is 'Site-wide switches ({enabled}) and the component access lists.';
insert into public.app_settings (key, value) values
  ('waitlist_enabled', '{"enabled": true}'),
  ('registration_enabled', '{"enabled": true}'),
  ('shop_enabled', '{"enabled": false}'),
  ('component_access', '{"dashboard_page": ["user", "admin"], "profile": ["user", "admin"], "admin_panel": ["admin"]}');

create table public.waitlist (
  id uuid primary key default gen_random_uuid(),
  email text not null check (position('@' in email) > 1 and length(email) <= 320),
  name text check (name is null or length(name) <= 200),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  notes text check (notes is null or length(notes) <= 2000),
  created_at timestamptz not null default clock_timestamp(),
  processed_at timestamptz,
  processed_by uuid references public.profiles (id) on delete set null
);
create unique index waitlist_email_key on public.waitlist (lower(email));
comment on table public.waitlist is 'People waiting for an account while sign-up is gated.';

create table public.events (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  description text check (description is null or length(description) <= 5000),
  location text check (location is null or length(location) <= 300),
  start_date date,
  end_date date,
  access_tier text not null default 'free' check (access_tier in ('free', 'starter', 'organizer')),
  status text not null default 'active' check (status in ('active', 'past', 'deleted')),
  created_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  client_ref text check (client_ref is null or length(client_ref) <= 100),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint events_dates_order check (end_date is null or start_date is null or end_date >= start_date),
  constraint events_client_ref_key unique (created_by, client_ref)
);
create index events_created_by_idx on public.events (created_by);
create index events_updated_at_idx on public.events (updated_at, id);
comment on table public.events is 'An event a crew plans together. Soft-deleted by status deleted.';

create table public.event_members (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null default 'member' check (role in ('creator', 'admin', 'member')),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint event_members_event_user_key unique (event_id, user_id)
);
create index event_members_user_idx on public.event_members (user_id);
create index event_members_updated_at_idx on public.event_members (updated_at, id);
comment on table public.event_members is 'Who belongs to an event and as what. Removal is soft (deleted_at).';

create table public.event_invitations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete set null,
  recipient_id uuid references public.profiles (id) on delete cascade,
  recipient_email text not null check (position('@' in recipient_email) > 1 and length(recipient_email) <= 320),
  message text check (message is null or length(message) <= 1000),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  response_message text check (response_message is null or length(response_message) <= 1000),
  responded_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);
create unique index event_invitations_pending_key on public.event_invitations (event_id, lower(recipient_email))
  where status = 'pending' and deleted_at is null;
create index event_invitations_recipient_idx on public.event_invitations (recipient_id);
create index event_invitations_email_idx on public.event_invitations (lower(recipient_email));
create index event_invitations_updated_at_idx on public.event_invitations (updated_at, id);
comment on table public.event_invitations is 'Invitations to events by email; cancelled ones are soft-deleted.';

create table public.friend_requests (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.profiles (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  message text check (message is null or length(message) <= 1000),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  response_message text check (response_message is null or length(response_message) <= 1000),
  responded_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint friend_requests_not_self check (sender_id <> recipient_id)
);
create unique index friend_requests_pending_key on public.friend_requests (sender_id, recipient_id)
  where status = 'pending' and deleted_at is null;
comment on table public.friend_requests is 'Friend requests between accounts.';

create table public.friendships (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  friend_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz,
  constraint friendships_pair_key unique (user_id, friend_id),
  constraint friendships_not_self check (user_id <> friend_id)
);
comment on table public.friendships is 'Friendships, one row per direction; removal is soft.';

create table public.friend_invite_codes (
  code text primary key check (code ~ '^[A-Za-z0-9_-]{8,64}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  expires_at timestamptz not null default (clock_timestamp() + interval '30 days'),
  used_count int not null default 0
);
comment on table public.friend_invite_codes is 'Links that make the visitor a friend of the code''s owner.';

create table public.stripe_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  tier text not null default 'free' check (tier in ('free', 'pro', 'premium')),
  status text not null default 'active',
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  payment_method_brand text,
  payment_method_last4 text,
  provider_customer_id text,
  provider_subscription_id text,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
comment on table public.stripe_subscriptions is 'Subscription info per user as the payment provider reports it (billing tier aliases).';

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('tier', 'tools')),
  amount_minor bigint not null check (amount_minor >= 0),
  currency text not null default 'CHF',
  description text,
  provider_ref text unique,
  created_at timestamptz not null default clock_timestamp()
);
comment on table public.payments is 'What each user paid, for the admin''s aggregated stats.';

create table public.admin_activity (
  id uuid primary key default gen_random_uuid(),
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  target_type text,
  target_id text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index admin_activity_created_at_idx on public.admin_activity (created_at desc);
comment on table public.admin_activity is 'Every admin action and waitlist decision: who, what, on whom, when.';

-- updated_at triggers on every table that has the column
create trigger profiles_updated_at before update on public.profiles for each row execute function public.set_updated_at();
create trigger app_settings_updated_at before update on public.app_settings for each row execute function public.set_updated_at();
create trigger events_updated_at before update on public.events for each row execute function public.set_updated_at();
create trigger event_members_updated_at before update on public.event_members for each row execute function public.set_updated_at();
create trigger event_invitations_updated_at before update on public.event_invitations for each row execute function public.set_updated_at();
create trigger friend_requests_updated_at before update on public.friend_requests for each row execute function public.set_updated_at();
create trigger friendships_updated_at before update on public.friendships for each row execute function public.set_updated_at();
create trigger stripe_subscriptions_updated_at before update on public.stripe_subscriptions for each row execute function public.set_updated_at();

-- Row-level security everywhere; nothing is readable until a policy says so.
alter table public.tier_limits enable row level security;
alter table public.profiles enable row level security;
alter table public.app_settings enable row level security;
alter table public.waitlist enable row level security;
alter table public.events enable row level security;
alter table public.event_members enable row level security;
alter table public.event_invitations enable row level security;
alter table public.friend_requests enable row level security;
alter table public.friendships enable row level security;
alter table public.friend_invite_codes enable row level security;
alter table public.stripe_subscriptions enable row level security;
alter table public.payments enable row level security;
alter table public.admin_activity enable row level security;

-- Synced tables feed Realtime with whole rows.
alter table public.profiles replica identity full;
alter table public.app_settings replica identity full;
alter table public.events replica identity full;
alter table public.event_members replica identity full;
alter table public.event_invitations replica identity full;
alter table public.friend_requests replica identity full;
alter table public.friendships replica identity full;
alter table public.stripe_subscriptions replica identity full;
alter publication supabase_realtime add table
  public.profiles, public.app_settings, public.events, public.event_members, public.event_invitations,
  public.friend_requests, public.friendships, public.stripe_subscriptions;
