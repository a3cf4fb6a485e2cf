-- Realtime Authorization for the event chat's live channel (who has the chat open, who is typing):
-- the app joins it as the private channel `event-chat:{event id}`, and only the event's active
-- members may receive (select) or send (insert) presence and broadcast on that topic. Every other
-- private topic stays closed: without a policy that allows it, nobody but the service role may
-- join a private channel. realtime.topic() is the channel's topic while Realtime checks a join.
-- The CASE reads the event id only from a well-formed topic (any other topic gives null, which
-- is_event_member answers with false), so no topic a client picks can make the policy fail.
-- The helpers are called in `private`, where they live since 20261126200000 (out of the API).
-- As on every other table under RLS (20261126100100), one restrictive policy refuses a suspended
-- user at once, whatever a permissive policy allows.

create policy "Suspended accounts have no access"
  on realtime.messages as restrictive for all to authenticated
  using ((select private.is_active_user()))
  with check ((select private.is_active_user()));

create policy "Event members receive their chat's presence and typing"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension in ('presence', 'broadcast')
    and private.is_event_member(
      case
        when (select realtime.topic()) ~ '^event-chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          then substr((select realtime.topic()), length('event-chat:') + 1)::uuid
      end
    )
  );

create policy "Event members send presence and typing in their chat"
  on realtime.messages for insert to authenticated
  with check (
    realtime.messages.extension in ('presence', 'broadcast')
    and private.is_event_member(
      case
        when (select realtime.topic()) ~ '^event-chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          then substr((select realtime.topic()), length('event-chat:') + 1)::uuid
      end
    )
  );
