-- What a hosted Supabase project already has before its first migration runs: the API roles, the
-- `auth` schema (users, sessions, refresh tokens and the JWT helper functions), the `storage`
-- schema (buckets, objects and their helper functions), the `extensions` schema and the
-- `supabase_realtime` publication. Safe to run more than once, on PGlite and on PostgreSQL 15+.
-- Roles are cluster-wide, so each is created only when missing. Backends bootstrapping databases
-- of one server at the same moment (the parallel PostgreSQL test run) can both find a role missing:
-- the later CREATE ROLE or GRANT then fails on the catalog's unique index, which here means done.

do $$
declare
  wanted constant text[] := array[
    'anon nologin noinherit',
    'authenticated nologin noinherit',
    'service_role nologin noinherit bypassrls',
    'authenticator nologin noinherit',
    'supabase_admin nologin',
    -- the auth server's role: auth hooks run as it
    'supabase_auth_admin nologin noinherit'
  ];
  spec text;
begin
  foreach spec in array wanted loop
    if not exists (select from pg_roles where rolname = split_part(spec, ' ', 1)) then
      begin
        execute 'create role ' || spec;
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
  begin
    grant anon, authenticated, service_role to authenticator;
  exception when duplicate_object or unique_violation then
    null;
  end;
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- auth ------------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz,
  aal text default 'aal1',
  user_agent text
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

-- auth: identities, the methods each session was signed in with, when a session last refreshed
-- (as on a hosted project; written by /auth/v1).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

alter table auth.sessions add column if not exists refreshed_at timestamp;
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- auth: multi-factor authentication, PKCE flows and the codes mailed for reauthentication and
-- e-mail changes, with the types and columns of a hosted project's auth schema, so that a policy
-- or function written against them (e.g. `auth.mfa_factors ... status = 'verified'`) runs the same.
do $$
begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select from pg_type where typname = 'code_challenge_method' and typnamespace = 'auth'::regnamespace) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
exception when duplicate_object or unique_violation then
  null;
end
$$;

alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
alter table auth.users add column if not exists email_change_token_new varchar(255) default '';
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

alter table auth.sessions add column if not exists factor_id uuid;

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
comment on table auth.flow_state is 'stores metadata for pkce logins';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

-- storage ---------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  avif_autodetection boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language sql stable
as $$
  select sum((metadata ->> 'size')::bigint)::bigint as size, bucket_id
  from storage.objects
  group by bucket_id
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- realtime --------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Realtime Authorization, as a hosted project has it: RLS policies on realtime.messages decide who
-- may read (select) and send (insert) broadcast and presence on a private channel; inside a policy
-- realtime.topic() is the channel's topic. (Hosted partitions the table by day; the local backend
-- only ever writes probe rows that it rolls back, so one plain table does.)
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  constraint messages_pkey primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant insert, select, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- migrations, as the Supabase CLI records them ---------------------------------------------------
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- The local backend's own machinery (not part of a hosted project, never exposed by the API):
-- the change log that feeds Realtime, and the mails a hosted project would have sent.
create schema if not exists _local;
revoke all on schema _local from public;

create table if not exists _local.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default clock_timestamp()
);

create table if not exists _local.mails (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  link text,
  created_at timestamptz not null default now()
);

create table if not exists _local.meta (
  key text primary key,
  value text not null
);

create or replace function _local.capture_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into _local.changes (schema_name, table_name, op, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end
  );
  return null;
end
$$;

-- Which changed rows each Realtime subscriber may select (the local counterpart of hosted
-- Realtime's realtime.apply_rls): for each caller of `p_callers` ({role, claims, sub, email}), as
-- that role with those claims, the prepared statement `p_name` (prepared from `p_probe` in this
-- session when missing; built by supabase/local/realtime/visibility.ts: the rows of its jsonb
-- argument found by primary key in the live table, under its RLS) answers the positions it sees.
-- Prepared once, the probe is planned once per role instead of once per caller.
create or replace function _local.realtime_visible(p_name text, p_probe text, p_keys jsonb, p_callers jsonb)
returns table (caller int, change int)
language plpgsql
as $$
declare
  c record;
  v_found int[];
  v_execute text := format('execute %I(%L)', p_name, p_keys);
begin
  if not exists (select from pg_prepared_statements s where s.name = p_name) then
    execute format('prepare %I(jsonb) as %s', p_name, p_probe);
  end if;
  perform set_config('request.method', 'GET', true),
          set_config('request.path', '/realtime/v1/websocket', true),
          set_config('request.headers', '{}', true);
  for c in select e.value as v, e.ordinality::int as n from jsonb_array_elements(p_callers) with ordinality e loop
    perform set_config('role', c.v ->> 'role', true),
            set_config('request.jwt.claims', c.v ->> 'claims', true),
            set_config('request.jwt.claim.sub', coalesce(c.v ->> 'sub', ''), true),
            set_config('request.jwt.claim.role', c.v ->> 'role', true),
            set_config('request.jwt.claim.email', coalesce(c.v ->> 'email', ''), true);
    execute v_execute into v_found;
    caller := c.n;
    foreach change in array coalesce(v_found, '{}') loop
      return next;
    end loop;
  end loop;
end
$$;
revoke all on function _local.realtime_visible(text, text, jsonb, jsonb) from public;
