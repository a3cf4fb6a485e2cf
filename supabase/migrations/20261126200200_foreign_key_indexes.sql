-- Every foreign key gets an index that starts with its columns (Supabase's linter, lint 0001, found
-- 30 without one). Deleting or re-keying a referenced row (a profile when an account is deleted, a
-- chat message) has PostgreSQL look for the rows that point at it, and without an index that is a
-- scan of the whole referencing table, once per deleted row, under the deleting transaction's locks.
-- Columns that are mostly empty (who last edited, an optional assignee, a reply target) get a
-- partial index of their filled rows: a lookup by value never needs the NULLs, so the index stays
-- small and is still used for those checks.

create index waitlist_processed_by_idx on public.waitlist (processed_by) where processed_by is not null;
create index event_invitations_sender_id_idx on public.event_invitations (sender_id) where sender_id is not null;
create index friend_requests_recipient_id_idx on public.friend_requests (recipient_id);
create index friendships_friend_id_idx on public.friendships (friend_id);
create index friend_invite_codes_user_id_idx on public.friend_invite_codes (user_id);
create index payments_user_id_idx on public.payments (user_id);
create index admin_activity_actor_id_idx on public.admin_activity (actor_id) where actor_id is not null;

create index chat_messages_author_id_idx on public.chat_messages (author_id) where author_id is not null;
create index chat_messages_reply_to_id_idx on public.chat_messages (reply_to_id) where reply_to_id is not null;
create index chat_reactions_user_id_idx on public.chat_reactions (user_id);
create index chat_read_markers_user_id_idx on public.chat_read_markers (user_id);
create index chat_read_markers_last_read_message_id_idx on public.chat_read_markers (last_read_message_id)
  where last_read_message_id is not null;

create index checklists_created_by_idx on public.checklists (created_by) where created_by is not null;
create index checklist_items_assignee_id_idx on public.checklist_items (assignee_id) where assignee_id is not null;
create index checklist_items_created_by_idx on public.checklist_items (created_by) where created_by is not null;
create index checklist_items_done_by_idx on public.checklist_items (done_by) where done_by is not null;
create index checklist_items_updated_by_idx on public.checklist_items (updated_by) where updated_by is not null;

create index schedule_items_created_by_idx on public.schedule_items (created_by) where created_by is not null;
create index schedule_items_updated_by_idx on public.schedule_items (updated_by) where updated_by is not null;
create index schedule_item_assignees_user_id_idx on public.schedule_item_assignees (user_id);

create index expenses_created_by_idx on public.expenses (created_by) where created_by is not null;
create index expenses_paid_by_idx on public.expenses (paid_by);
create index settlements_created_by_idx on public.settlements (created_by) where created_by is not null;
create index settlements_from_user_idx on public.settlements (from_user);
create index settlements_to_user_idx on public.settlements (to_user);

create index rides_driver_id_idx on public.rides (driver_id);
create index ride_passengers_user_id_idx on public.ride_passengers (user_id);

create index site_plans_updated_by_idx on public.site_plans (updated_by) where updated_by is not null;
create index site_items_assignee_id_idx on public.site_items (assignee_id) where assignee_id is not null;
create index site_items_created_by_idx on public.site_items (created_by) where created_by is not null;
