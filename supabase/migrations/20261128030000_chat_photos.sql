-- Photos in the group chat, and deleted messages that stay in the history as "deleted".
--
-- A photo message carries `photo_path`, the file in the private `chat-photos` bucket under the
-- message's own folder `{event_id}/{message_id}/`. The device uploads the file first, then inserts
-- the message (both replayable), so a message never points at a file that was not sent.
--
-- Who sees a photo: the members of the event, and only while the message that points at it is not
-- deleted. Who adds one: a member of the event, into the folder of a message that does not exist yet
-- or is their own. A deleted message loses its text and its photo (body '' and photo_path null, by
-- the rules trigger): everyone keeps the tombstone, which the app shows as "deleted".

alter table public.chat_messages add column photo_path text;
alter table public.chat_messages add constraint chat_messages_photo_in_its_folder
  check (photo_path is null or (starts_with(photo_path, event_id::text || '/' || id::text || '/') and length(photo_path) <= 200));
alter table public.chat_messages drop constraint chat_messages_body_length;
alter table public.chat_messages add constraint chat_messages_body_length
  check (char_length(body) <= 4000 and (deleted_at is not null or photo_path is not null or char_length(btrim(body)) >= 1));
comment on column public.chat_messages.photo_path is
  'The message''s photo in the chat-photos bucket ({event_id}/{id}/…); null for text only, and once deleted.';

grant insert (photo_path) on public.chat_messages to authenticated;

-- The rules of 20261122030000 (which 20261126200000 moved to private helpers), with photos: a photo
-- needs no text, and a delete removes the photo with the text.
create or replace function public.chat_messages_rules() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_reply_event uuid;
begin
  if char_length(new.body) > 4000 then
    raise exception 'Messages can be 4,000 characters at most.' using errcode = 'P0001', detail = 'limit: message_length';
  end if;
  if tg_op = 'INSERT' then
    if new.deleted_at is null and new.photo_path is null and char_length(btrim(new.body)) = 0 then
      raise exception 'A message cannot be empty.' using errcode = 'P0001';
    end if;
    if new.photo_path is not null and not starts_with(new.photo_path, new.event_id::text || '/' || new.id::text || '/') then
      raise exception 'A photo must be in its message''s folder.' using errcode = 'P0001';
    end if;
    if new.reply_to_id is not null then
      perform private.require_event_feature(new.event_id, 'extended_chat');
      select m.event_id into v_reply_event from public.chat_messages m where m.id = new.reply_to_id;
      if v_reply_event is distinct from new.event_id then
        raise exception 'A reply must answer a message of the same event.' using errcode = 'P0001';
      end if;
    end if;
    if new.imported then
      perform private.require_event_feature(new.event_id, 'whatsapp_import');
    end if;
    return new;
  end if;
  -- update (the tombstone trigger ran first: old.deleted_at is null here)
  if new.deleted_at is not null then
    new.body := '';
    new.photo_path := null;
    return new;
  end if;
  if new.photo_path is distinct from old.photo_path and current_user = 'authenticated' then
    raise exception 'A message''s photo cannot be changed.' using errcode = '42501';
  end if;
  if new.body is distinct from old.body then
    if char_length(btrim(new.body)) = 0 and new.photo_path is null then
      raise exception 'A message cannot be empty.' using errcode = 'P0001';
    end if;
    if old.imported then
      raise exception 'Imported messages cannot be edited.' using errcode = 'P0001';
    end if;
    if old.author_id is distinct from auth.uid() and current_user = 'authenticated' then
      raise exception 'Only the author can edit a message.' using errcode = '42501';
    end if;
    new.edited_at := clock_timestamp();
  end if;
  return new;
end
$$;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('chat-photos', 'chat-photos', false, 5242880, array['image/*'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The event and message of a chat photo's key `{event_id}/{message_id}/{file}`, or nulls.
create function private.chat_photo_folder(p_name text, out event_id uuid, out message_id uuid)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_parts text[] := storage.foldername(p_name);
  v_uuid constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if coalesce(array_length(v_parts, 1), 0) = 2 and v_parts[1] ~ v_uuid and v_parts[2] ~ v_uuid then
    event_id := v_parts[1]::uuid;
    message_id := v_parts[2]::uuid;
  end if;
end
$$;

-- Read: a member of the event, while a message that is not deleted points at the file.
create function private.can_read_chat_photo(p_name text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from private.chat_photo_folder(p_name) f
    join public.chat_messages m on m.id = f.message_id and m.event_id = f.event_id
    where m.photo_path = p_name and m.deleted_at is null and private.is_event_member(f.event_id)
  )
$$;

-- Add: a member of the event, into the folder of a message not made yet or made by the caller.
create function private.can_add_chat_photo(p_name text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select f.event_id is not null
    and private.is_event_member(f.event_id)
    and not exists (
      select 1 from public.chat_messages m
      where m.id = f.message_id
        and (m.event_id <> f.event_id or m.author_id is distinct from auth.uid() or m.deleted_at is not null)
    )
  from private.chat_photo_folder(p_name) f
$$;

revoke all on function private.chat_photo_folder(text), private.can_read_chat_photo(text),
  private.can_add_chat_photo(text) from public, anon;
grant execute on function private.can_read_chat_photo(text), private.can_add_chat_photo(text)
  to authenticated, service_role;

create policy "Members see the photos of their events' messages" on storage.objects
  for select to authenticated
  using (bucket_id = 'chat-photos' and private.can_read_chat_photo(name));

create policy "Members add photos to their own messages" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'chat-photos' and private.can_add_chat_photo(name));
