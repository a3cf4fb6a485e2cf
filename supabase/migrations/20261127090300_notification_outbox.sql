-- Notifications (issue 19): the outboxes' server side. The server functions send-push and
-- send-notification-mail take due jobs with claim_* (each job is locked for two minutes, so a
-- sender that dies leaves them to the next call), send them and report with finish_* (a push
-- service's 404/410 removes the device; 5xx, 429 and network errors are retried with growing
-- pauses, five attempts in all). Only the service role may call these.
--
-- Who calls the senders: on a hosted project the database itself, as Supabase's database webhooks
-- do (pg_net's net.http_post, sent after the transaction commits), once per statement that queued
-- jobs and every five minutes from pg_cron for held and retried ones; the project's URL and
-- service-role key are read from Supabase Vault (secrets named project_url and service_role_key,
-- see the README). Locally neither extension exists and the local backend calls the same functions
-- when jobs are due (supabase/local/deliveries.ts).
--
-- Invitation mails carry a signed token bound to the invitation and its address
-- (`/join?id={event}&invitation={token}`): with it the address can register while the waitlist is
-- on, and the join page can show whom the invitation is from. Like the approval token it is an
-- HMAC under a secret kept in private, so it cannot be made up from a known address.

-- Push jobs ---------------------------------------------------------------------------------------
create function public.claim_push_jobs(p_limit int default 100)
returns table (job_id bigint, endpoint text, p256dh text, auth text, payload jsonb, urgency text, attempts int)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select j.id from private.push_jobs j
    where j.status in ('pending', 'sending')
      and ((j.status = 'pending' and j.available_at <= clock_timestamp())
           or (j.status = 'sending' and j.locked_until < clock_timestamp()))
    order by j.available_at, j.id
    limit least(greatest(coalesce(p_limit, 100), 1), 500)
    for update skip locked
  ), taken as (
    update private.push_jobs j
    set status = 'sending', attempts = j.attempts + 1, claimed_at = clock_timestamp(),
        locked_until = clock_timestamp() + interval '2 minutes'
    from due where j.id = due.id
    returning j.id, j.subscription_id, j.payload, j.urgency, j.attempts
  )
  select t.id, s.endpoint, s.p256dh, s.auth, t.payload, t.urgency, t.attempts
  from taken t join public.push_subscriptions s on s.id = t.subscription_id
  order by t.id;
end
$$;
comment on function public.claim_push_jobs(int) is 'Server only: takes up to p_limit due push jobs with their device''s keys.';

-- p_results: [{id, outcome: sent | gone | retry | failed, error?}]
create function public.finish_push_jobs(p_results jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := clock_timestamp();
  v_sent int;
  v_gone int;
  v_retry int;
  v_failed int;
begin
  if jsonb_typeof(p_results) is distinct from 'array' then
    raise exception 'p_results must be an array of {id, outcome}.' using errcode = '22023';
  end if;
  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text)),
  sent as (
    update private.push_jobs j set status = 'sent', sent_at = v_now, locked_until = null, last_error = null
    from r where r.id = j.id and r.outcome = 'sent' and j.status = 'sending'
    returning j.subscription_id
  ), used as (
    update public.push_subscriptions s set last_used_at = v_now where s.id in (select subscription_id from sent)
  )
  select count(*) into v_sent from sent;

  -- The push service no longer knows the device (or it is no push service we send to): its jobs go with it.
  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  delete from public.push_subscriptions s
  using private.push_jobs j, r
  where r.id = j.id and r.outcome = 'gone' and s.id = j.subscription_id;
  get diagnostics v_gone = row_count;

  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  update private.push_jobs j
  set status = case when j.attempts >= 5 then 'failed' else 'pending' end,
      available_at = v_now + least(interval '1 minute' * power(4, j.attempts - 1), interval '4 hours'),
      locked_until = null, last_error = left(r.error, 500)
  from r where r.id = j.id and r.outcome = 'retry' and j.status = 'sending';
  get diagnostics v_retry = row_count;

  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  update private.push_jobs j set status = 'failed', locked_until = null, last_error = left(r.error, 500)
  from r where r.id = j.id and r.outcome = 'failed' and j.status = 'sending';
  get diagnostics v_failed = row_count;
  return jsonb_build_object('sent', v_sent, 'gone', v_gone, 'retry', v_retry, 'failed', v_failed);
end
$$;
comment on function public.finish_push_jobs(jsonb) is
  'Server only: records what the push services answered; gone removes the device, retry waits longer each time.';

-- Invitation tokens --------------------------------------------------------------------------------
insert into private.app_secrets (key, value) values ('event_invitation', extensions.gen_random_bytes(32))
on conflict (key) do nothing;

create function private.invitation_signature(p_invitation_id uuid, p_email text) returns text
language sql stable
set search_path = ''
as $$
  select private.base64url_encode(extensions.hmac(
    convert_to('event-invitation:' || p_invitation_id::text || ':' || lower(btrim(p_email)), 'UTF8'),
    (select s.value from private.app_secrets s where s.key = 'event_invitation'),
    'sha256'))
$$;

create function private.invitation_token(p_invitation_id uuid, p_email text) returns text
language sql stable
set search_path = ''
as $$
  select private.base64url_encode(convert_to(p_invitation_id::text || ':' || lower(btrim(p_email)), 'UTF8'))
    || '.' || private.invitation_signature(p_invitation_id, p_email)
$$;

-- The invitation a token was signed for, whatever its state now; null for anything else.
create function private.invitation_of_token(p_token text) returns public.event_invitations
language plpgsql stable
set search_path = ''
as $$
declare
  v_parts text[] := string_to_array(coalesce(p_token, ''), '.');
  v_bytes bytea;
  v_text text;
  v_id uuid;
  v_email text;
  v_invitation public.event_invitations;
begin
  if array_length(v_parts, 1) is distinct from 2 or length(p_token) > 2000 then
    return null;
  end if;
  v_bytes := private.base64url_decode(v_parts[1]);
  if v_bytes is null then
    return null;
  end if;
  begin
    v_text := convert_from(v_bytes, 'UTF8');
    v_id := split_part(v_text, ':', 1)::uuid;
  exception when others then
    return null;
  end;
  v_email := substr(v_text, position(':' in v_text) + 1);
  if position('@' in v_email) = 0 or v_parts[2] <> private.invitation_signature(v_id, v_email) then
    return null;
  end if;
  select * into v_invitation from public.event_invitations i
  where i.id = v_id and lower(i.recipient_email) = lower(btrim(v_email));
  return v_invitation;
end
$$;

-- The address a token vouches for while its invitation is still open (pending, not cancelled, its
-- event not deleted): what the sign-up gate accepts.
create function private.invitation_token_email(p_token text) returns text
language sql stable
set search_path = ''
as $$
  select lower(btrim(i.recipient_email))
  from private.invitation_of_token(p_token) i
  join public.events e on e.id = i.event_id
  where i.id is not null and i.status = 'pending' and i.deleted_at is null and e.status <> 'deleted'
$$;

-- For the join and register pages: what an invitation link is about. Anyone holding the mailed
-- token may ask (it proves they read that mail); without a valid token the answer is null.
create function public.get_invitation_by_token(p_token text) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_invitation public.event_invitations;
  v_event public.events;
begin
  v_invitation := private.invitation_of_token(p_token);
  if v_invitation.id is null then
    return null;
  end if;
  select * into v_event from public.events e where e.id = v_invitation.event_id;
  return jsonb_build_object(
    'invitation_id', v_invitation.id, 'email', lower(v_invitation.recipient_email), 'event_id', v_event.id,
    'event_name', v_event.name, 'event_start_date', v_event.start_date, 'event_end_date', v_event.end_date,
    'event_location', v_event.location, 'sender_name', private.person_name(v_invitation.sender_id),
    'message', v_invitation.message,
    'status', case when v_invitation.deleted_at is not null or v_event.status = 'deleted' then 'cancelled'
                   else v_invitation.status end,
    'has_account', exists (select 1 from auth.users u where lower(u.email) = lower(v_invitation.recipient_email)));
end
$$;
comment on function public.get_invitation_by_token(text) is
  'The invitation a mailed link''s token was made for (event, sender, address, status), or null.';

-- Mail jobs --------------------------------------------------------------------------------------
create function public.claim_mail_jobs(p_limit int default 50)
returns table (job_id bigint, kind text, to_address text, payload jsonb, attempts int)
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- An invitation answered or cancelled before its mail went out is not mailed any more.
  update private.mail_jobs m set status = 'skipped', locked_until = null
  from public.event_invitations i join public.events e on e.id = i.event_id
  where m.kind = 'invitation' and m.status in ('pending', 'sending') and i.id = m.invitation_id
    and (i.status <> 'pending' or i.deleted_at is not null or e.status = 'deleted');
  return query
  with due as (
    select m.id from private.mail_jobs m
    where m.status in ('pending', 'sending')
      and ((m.status = 'pending' and m.available_at <= clock_timestamp())
           or (m.status = 'sending' and m.locked_until < clock_timestamp()))
    order by m.available_at, m.id
    limit least(greatest(coalesce(p_limit, 50), 1), 200)
    for update skip locked
  ), taken as (
    update private.mail_jobs m
    set status = 'sending', attempts = m.attempts + 1, locked_until = clock_timestamp() + interval '2 minutes'
    from due where m.id = due.id
    returning m.*
  )
  select t.id, t.kind,
    case t.kind when 'invitation' then i.recipient_email else p.email end,
    case t.kind
      when 'invitation' then jsonb_build_object(
        'invitation_id', i.id, 'event_id', e.id, 'event_name', e.name, 'event_start_date', e.start_date,
        'event_end_date', e.end_date, 'event_location', e.location, 'sender_name', private.person_name(i.sender_id),
        'message', i.message, 'token', private.invitation_token(i.id, i.recipient_email),
        'has_account', i.recipient_id is not null)
      else t.payload || jsonb_build_object('name', p.name) end,
    t.attempts
  from taken t
  left join public.event_invitations i on i.id = t.invitation_id
  left join public.events e on e.id = i.event_id
  left join public.profiles p on p.id = t.user_id
  order by t.id;
end
$$;
comment on function public.claim_mail_jobs(int) is 'Server only: takes up to p_limit due mails (invitations with their token, digests).';

create function public.finish_mail_jobs(p_results jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := clock_timestamp();
  v_sent int;
  v_retry int;
  v_failed int;
begin
  if jsonb_typeof(p_results) is distinct from 'array' then
    raise exception 'p_results must be an array of {id, outcome}.' using errcode = '22023';
  end if;
  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  update private.mail_jobs m set status = 'sent', sent_at = v_now, locked_until = null, last_error = null
  from r where r.id = m.id and r.outcome = 'sent' and m.status = 'sending';
  get diagnostics v_sent = row_count;
  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  update private.mail_jobs m
  set status = case when m.attempts >= 5 then 'failed' else 'pending' end,
      available_at = v_now + least(interval '1 minute' * power(4, m.attempts - 1), interval '4 hours'),
      locked_until = null, last_error = left(r.error, 500)
  from r where r.id = m.id and r.outcome = 'retry' and m.status = 'sending';
  get diagnostics v_retry = row_count;
  with r as (select * from jsonb_to_recordset(p_results) as r (id bigint, outcome text, error text))
  update private.mail_jobs m set status = 'failed', locked_until = null, last_error = left(r.error, 500)
  from r where r.id = m.id and r.outcome = 'failed' and m.status = 'sending';
  get diagnostics v_failed = row_count;
  return jsonb_build_object('sent', v_sent, 'retry', v_retry, 'failed', v_failed);
end
$$;
comment on function public.finish_mail_jobs(jsonb) is 'Server only: records which mails went out, which wait for another try.';

-- The daily digest -----------------------------------------------------------------------------------
-- Once a day, at or after the user's digest hour in their time zone: the unread notifications since
-- the last digest of the categories whose mail switch is on (at most 50 listed, all counted). A day
-- with nothing unread sends nothing, but counts as done.
create function private.enqueue_due_digests(p_now timestamptz default clock_timestamp()) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_queued int;
begin
  with due as (
    select s.user_id, s.channels, coalesce(s.last_digest_at, p_now - interval '1 day') as since
    from public.notification_settings s
    where s.digest_enabled
      and p_now >= (((p_now at time zone s.time_zone)::date + make_time(s.digest_hour, 0, 0)) at time zone s.time_zone)
      and (s.last_digest_at is null
           or s.last_digest_at < (((p_now at time zone s.time_zone)::date + make_time(s.digest_hour, 0, 0)) at time zone s.time_zone))
  ), unread as (
    select d.user_id, n.title, n.body, n.created_at, n.data ->> 'path' as path, e.name as event_name,
      row_number() over (partition by d.user_id order by n.created_at desc, n.id) as rank
    from due d
    join public.notifications n on n.user_id = d.user_id and n.read_at is null and n.deleted_at is null
      and n.created_at > d.since and p_now >= n.created_at
      and coalesce((d.channels -> n.category ->> 'mail')::boolean, false)
    left join public.events e on e.id = n.event_id
  ), digests as (
    insert into private.mail_jobs (kind, user_id, payload)
    select 'digest', u.user_id, jsonb_build_object('total', count(*),
      'items', jsonb_agg(jsonb_build_object('title', u.title, 'body', u.body, 'event_name', u.event_name,
        'path', u.path, 'created_at', u.created_at) order by u.created_at desc) filter (where u.rank <= 50))
    from unread u group by u.user_id
    returning user_id
  ), done as (
    update public.notification_settings s set last_digest_at = p_now from due where s.user_id = due.user_id
    returning s.user_id
  )
  select count(*) into v_queued from digests;
  return v_queued;
end
$$;

-- Hosted projects: calling a server function from the database ---------------------------------------
-- As a database webhook does: pg_net's net.http_post, queued with the transaction and sent after it
-- commits. Nothing happens where pg_net or the Vault secrets are missing (the local backend, a
-- project not yet configured); a failure to queue never fails the write that caused it.
create function private.ring_function(p_name text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return false;
  end if;
  begin
    execute $q$select max(decrypted_secret) filter (where name = 'project_url'),
                      max(decrypted_secret) filter (where name = 'service_role_key')
               from vault.decrypted_secrets where name in ('project_url', 'service_role_key')$q$
      into v_url, v_key;
    if v_url is null or v_key is null then
      return false;
    end if;
    execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 5000)'
      using rtrim(v_url, '/') || '/functions/v1/' || p_name, '{}'::jsonb,
        jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key);
    return true;
  exception when others then
    raise warning 'Could not call the % function: %', p_name, sqlerrm;
    return false;
  end;
end
$$;

-- Once per statement that queued jobs (a statement-level trigger fires for no rows too, hence the
-- look at what it inserted).
create function private.jobs_ring() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from queued) then
    perform private.ring_function(case tg_table_name when 'push_jobs' then 'send-push' else 'send-notification-mail' end);
  end if;
  return null;
end
$$;
create trigger push_jobs_ring after insert on private.push_jobs
  referencing new table as queued for each statement execute function private.jobs_ring();
create trigger mail_jobs_ring after insert on private.mail_jobs
  referencing new table as queued for each statement execute function private.jobs_ring();

-- Housekeeping (every few minutes): digests that are due, old jobs, old notifications (soft-deleted
-- after 90 days, removed 30 days later), and a call to the senders when jobs are due (held pushes,
-- retries) on a hosted project. The local backend runs it on its delivery timer.
create function public.run_notification_maintenance() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := clock_timestamp();
  v_digests int := private.enqueue_due_digests(v_now);
  v_aged int;
  v_removed int;
begin
  delete from private.push_jobs where status in ('sent', 'failed') and created_at < v_now - interval '2 days';
  delete from private.mail_jobs where status in ('sent', 'failed', 'skipped') and created_at < v_now - interval '14 days';
  update public.notifications set deleted_at = v_now where deleted_at is null and created_at < v_now - interval '90 days';
  get diagnostics v_aged = row_count;
  delete from public.notifications where deleted_at < v_now - interval '30 days';
  get diagnostics v_removed = row_count;
  if exists (select 1 from private.push_jobs j where j.status in ('pending', 'sending')
             and (j.status = 'pending' and j.available_at <= v_now or j.locked_until < v_now)) then
    perform private.ring_function('send-push');
  end if;
  if exists (select 1 from private.mail_jobs m where m.status in ('pending', 'sending')
             and (m.status = 'pending' and m.available_at <= v_now or m.locked_until < v_now)) then
    perform private.ring_function('send-notification-mail');
  end if;
  return jsonb_build_object('digests_queued', v_digests, 'notifications_aged', v_aged, 'notifications_removed', v_removed);
end
$$;
comment on function public.run_notification_maintenance() is
  'Queues due digests, prunes old jobs and notifications, and rings the senders for due jobs.';

do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    begin
      execute 'create extension if not exists pg_cron';
      execute $cron$select cron.schedule('crewcamp-notifications', '*/5 * * * *', 'select public.run_notification_maintenance()')$cron$;
    exception when others then
      raise notice 'pg_cron is available but could not be used (%); run public.run_notification_maintenance() another way.', sqlerrm;
    end;
  end if;
end
$$;

revoke execute on function public.claim_push_jobs(int), public.finish_push_jobs(jsonb), public.claim_mail_jobs(int),
  public.finish_mail_jobs(jsonb), public.run_notification_maintenance() from public, anon, authenticated;
grant execute on function public.claim_push_jobs(int), public.finish_push_jobs(jsonb), public.claim_mail_jobs(int),
  public.finish_mail_jobs(jsonb), public.run_notification_maintenance() to service_role;
revoke execute on function public.get_invitation_by_token(text) from public;
grant execute on function public.get_invitation_by_token(text) to anon, authenticated, service_role;
revoke execute on function private.ring_function(text), private.jobs_ring(), private.enqueue_due_digests(timestamptz)
  from public;
