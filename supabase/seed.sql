-- Demo data for a new local database (applied once, after every migration). A site admin and
-- users on each tier, events in every status with members, invitations pending and answered,
-- friends, waitlist entries and payments. Dates are relative to today so the data stays current.
--
-- Sign in with admin@crewcamp.local / crewcamp-admin (site admin), or any other address below
-- with crewcamp-demo. tobias@crewcamp.local is suspended.
--
-- Accounts are made as GoTrue makes them (auth.users + an email identity); the migrations'
-- triggers then create the profiles from raw_user_meta_data and add each event's creator as a
-- member, so this file only sets role and tier and adds everyone else.

-- Accounts ---------------------------------------------------------------------------------------
create temporary table seed_users (id uuid, email text, name text, role text, tier text, password text, banned boolean);
insert into seed_users values
  ('a0000000-0000-4000-8000-000000000001', 'admin@crewcamp.local', 'Sofia Keller', 'admin', 'organizer', 'crewcamp-admin', false),
  ('a0000000-0000-4000-8000-000000000002', 'marco@crewcamp.local', 'Marco Rossi', 'user', 'organizer', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000003', 'hannah@crewcamp.local', 'Hannah Weber', 'user', 'organizer', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000004', 'lukas@crewcamp.local', 'Lukas Meier', 'user', 'starter', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000005', 'chiara@crewcamp.local', 'Chiara Bianchi', 'user', 'starter', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000006', 'noah@crewcamp.local', 'Noah Fischer', 'user', 'free', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000007', 'emma@crewcamp.local', 'Emma Schmid', 'user', 'free', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000008', 'lea@crewcamp.local', 'Lea Brunner', 'user', 'free', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000009', 'jonas@crewcamp.local', 'Jonas Huber', 'user', 'free', 'crewcamp-demo', false),
  ('a0000000-0000-4000-8000-000000000010', 'tobias@crewcamp.local', 'Tobias Graf', 'user', 'free', 'crewcamp-demo', true);

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt(u.password, extensions.gen_salt('bf', 10)), now() - interval '60 days', '', '', '',
  '{"provider": "email", "providers": ["email"]}'::jsonb, jsonb_build_object('name', u.name),
  now() - interval '60 days', now(), case when u.banned then now() + interval '100 years' end
from seed_users u;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email',
  now() - interval '60 days', now() - interval '60 days', now()
from seed_users u;

update public.profiles p set role = u.role from seed_users u where p.id = u.id and p.role <> u.role;

-- Paid tiers as a payment would leave them: profile tier, subscription (billing alias), payment.
select public.apply_subscription_change(u.id, u.tier, 'active', now() - interval '10 days', now() + interval '20 days',
  false, 'cus_seed_' || right(u.id::text, 2), 'sub_seed_' || right(u.id::text, 2),
  (select l.monthly_price * 100 from public.tier_limits l where l.tier = u.tier), 'CHF', 'seed_' || u.id)
from seed_users u where u.tier <> 'free';
insert into public.payments (user_id, kind, amount_minor, currency, description, provider_ref, created_at) values
  ('a0000000-0000-4000-8000-000000000002', 'tier', 5000, 'CHF', 'Subscription: organizer', 'seed_marco_previous', now() - interval '40 days'),
  ('a0000000-0000-4000-8000-000000000002', 'tools', 1500, 'CHF', 'Site planner print pack', 'seed_marco_tools', now() - interval '12 days');

-- Events -----------------------------------------------------------------------------------------
-- Inserted active (members can only join events that are not deleted), then moved to their status.
insert into public.events (id, name, description, location, start_date, end_date, created_by, created_at) values
  ('e0000000-0000-4000-8000-000000000001', 'Gurten Festival Crew', 'Four days of music on the Gurten: tents, shifts and the shared kitchen.',
    'Gurten, Bern', current_date + 30, current_date + 33, 'a0000000-0000-4000-8000-000000000002', now() - interval '20 days'),
  ('e0000000-0000-4000-8000-000000000002', 'Lake Thun Camping Weekend', 'Paddle boards, a campfire and far too many marshmallows.',
    'Camping Gwatt, Thun', current_date + 14, current_date + 16, 'a0000000-0000-4000-8000-000000000004', now() - interval '15 days'),
  ('e0000000-0000-4000-8000-000000000003', 'Alpine Hut Trip', 'Overnight at the hut, sunrise hike to the summit.',
    'Blüemlisalphütte', current_date + 45, current_date + 46, 'a0000000-0000-4000-8000-000000000006', now() - interval '5 days'),
  ('e0000000-0000-4000-8000-000000000004', 'Street Parade Meetup', 'Meeting point, costumes and the way home.',
    'Zürich', current_date - 20, current_date - 18, 'a0000000-0000-4000-8000-000000000003', now() - interval '50 days'),
  ('e0000000-0000-4000-8000-000000000005', 'Summer BBQ', 'Called off: the park was booked.',
    'Bern, Rosengarten', current_date - 40, current_date - 40, 'a0000000-0000-4000-8000-000000000005', now() - interval '55 days'),
  ('e0000000-0000-4000-8000-000000000006', 'Open Air Kino', 'Movie night by the lake; bring blankets.',
    'Lido, Luzern', current_date + 7, current_date + 7, 'a0000000-0000-4000-8000-000000000001', now() - interval '3 days');

-- Invitations come before the memberships they led to (an invitation to a member is refused).
insert into public.event_invitations (event_id, sender_id, recipient_email, message, created_at) values
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'jonas@crewcamp.local', 'We need one more for the kitchen shift!', now() - interval '2 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'lea@crewcamp.local', 'Join us at Gurten?', now() - interval '6 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'paul.frei@example.com', 'Bring your guitar.', now() - interval '1 day'),
  ('e0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'lea@crewcamp.local', 'Camping at the lake, you in?', now() - interval '10 days'),
  ('e0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000006', 'emma@crewcamp.local', null, now() - interval '4 days'),
  ('e0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'noah@crewcamp.local', 'Movie night!', now() - interval '2 days');
update public.event_invitations set status = 'declined', response_message = 'Sorry, I am away that week.', responded_at = now() - interval '5 days'
where event_id = 'e0000000-0000-4000-8000-000000000001' and recipient_email = 'lea@crewcamp.local';
update public.event_invitations set status = 'accepted', response_message = 'Count me in!', responded_at = now() - interval '9 days'
where event_id = 'e0000000-0000-4000-8000-000000000002' and recipient_email = 'lea@crewcamp.local';
update public.event_invitations set status = 'accepted', responded_at = now() - interval '3 days'
where event_id = 'e0000000-0000-4000-8000-000000000003' and recipient_email = 'emma@crewcamp.local';

insert into public.event_members (event_id, user_id, role, created_at) values
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'admin', now() - interval '19 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004', 'member', now() - interval '18 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000006', 'member', now() - interval '17 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000007', 'member', now() - interval '12 days'),
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000010', 'member', now() - interval '11 days'),
  ('e0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000005', 'admin', now() - interval '14 days'),
  ('e0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000008', 'member', now() - interval '9 days'),
  ('e0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000007', 'member', now() - interval '3 days'),
  ('e0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000002', 'member', now() - interval '45 days'),
  ('e0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000005', 'member', now() - interval '44 days'),
  ('e0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000004', 'member', now() - interval '50 days'),
  ('e0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000002', 'member', now() - interval '2 days');
-- A member who left the festival crew (soft removal).
update public.event_members set deleted_at = now() - interval '8 days'
where event_id = 'e0000000-0000-4000-8000-000000000001' and user_id = 'a0000000-0000-4000-8000-000000000010';

update public.events set status = 'past' where id = 'e0000000-0000-4000-8000-000000000004';
update public.events set status = 'deleted', deleted_at = now() - interval '3 days' where id = 'e0000000-0000-4000-8000-000000000005';

-- Friends ----------------------------------------------------------------------------------------
insert into public.friend_requests (sender_id, recipient_id, message, status, response_message, responded_at, created_at) values
  ('a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'Festival buddies?', 'accepted', 'Always!', now() - interval '30 days', now() - interval '31 days'),
  ('a0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000005', null, 'accepted', null, now() - interval '20 days', now() - interval '21 days'),
  ('a0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000007', 'From the hut trip', 'accepted', null, now() - interval '4 days', now() - interval '5 days'),
  ('a0000000-0000-4000-8000-000000000009', 'a0000000-0000-4000-8000-000000000002', 'Met you at the kitchen shift', 'pending', null, null, now() - interval '1 day'),
  ('a0000000-0000-4000-8000-000000000008', 'a0000000-0000-4000-8000-000000000004', null, 'pending', null, null, now() - interval '2 days'),
  ('a0000000-0000-4000-8000-000000000010', 'a0000000-0000-4000-8000-000000000003', null, 'rejected', 'Sorry, I do not know you.', now() - interval '9 days', now() - interval '10 days');
insert into public.friendships (user_id, friend_id, created_at)
select r.sender_id, r.recipient_id, r.responded_at from public.friend_requests r where r.status = 'accepted'
union all
select r.recipient_id, r.sender_id, r.responded_at from public.friend_requests r where r.status = 'accepted';
insert into public.friend_invite_codes (code, user_id) values ('marco-festival-2026', 'a0000000-0000-4000-8000-000000000002');

-- Waitlist ---------------------------------------------------------------------------------------
insert into public.waitlist (email, name, status, notes, created_at, processed_at, processed_by) values
  ('paul.frei@example.com', 'Paul Frei', 'pending', null, now() - interval '2 days', null, null),
  ('nina.roth@example.com', 'Nina Roth', 'pending', null, now() - interval '1 day', null, null),
  ('sara.vogel@example.com', 'Sara Vogel', 'approved', 'Invited by Marco', now() - interval '6 days', now() - interval '5 days', 'a0000000-0000-4000-8000-000000000001'),
  ('spam.bot@example.com', null, 'rejected', 'Looks like spam', now() - interval '9 days', now() - interval '8 days', 'a0000000-0000-4000-8000-000000000001');
insert into public.admin_activity (actor_id, action, target_type, target_id, details, created_at)
select 'a0000000-0000-4000-8000-000000000001', 'process_waitlist_entry', 'waitlist', w.id::text,
  jsonb_build_object('email', w.email, 'status', w.status, 'notes', w.notes), w.processed_at
from public.waitlist w where w.status <> 'pending';
insert into public.admin_activity (actor_id, action, target_type, target_id, details, created_at) values
  ('a0000000-0000-4000-8000-000000000001', 'suspend_user', 'user', 'a0000000-0000-4000-8000-000000000010',
    '{"email": "tobias@crewcamp.local"}', now() - interval '7 days');

-- Event pages: chat, checklists, schedule ---------------------------------------------------------
-- Written as the owner, so authors are named (auth.uid() is null here); the rules still apply.
insert into public.chat_messages (id, event_id, author_id, body, created_at) values
  ('c1000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
    'Welcome to the Gurten crew! Tickets are booked for all of us.', now() - interval '19 days'),
  ('c1000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
    'Great! I can bring the big kitchen tent.', now() - interval '18 days'),
  ('c1000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004',
    'Who is taking the Friday kitchen shift?', now() - interval '2 days'),
  ('c1000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004',
    'Paddle boards are reserved for Saturday morning.', now() - interval '8 days'),
  ('c1000000-0000-4000-8000-000000000005', 'e0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000006',
    'The hut confirmed our beds. Sunrise hike at 4:30!', now() - interval '3 days');
insert into public.chat_messages (event_id, author_id, body, reply_to_id, created_at) values
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000006', 'I will, if someone swaps Saturday with me.',
    'c1000000-0000-4000-8000-000000000003', now() - interval '1 day');
insert into public.chat_reactions (message_id, event_id, user_id, emoji) values
  ('c1000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000007', '🎉'),
  ('c1000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', '👍');

insert into public.checklists (id, event_id, title, kind, position, created_by) values
  ('c2000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Packing list', 'packing', 'V', 'a0000000-0000-4000-8000-000000000002'),
  ('c2000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'Kitchen shopping', 'shopping', 'k', 'a0000000-0000-4000-8000-000000000003'),
  ('c2000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002', 'Camping gear', 'packing', 'V', 'a0000000-0000-4000-8000-000000000004');
insert into public.checklist_items (checklist_id, event_id, text, quantity, assignee_id, done, done_by, done_at, position, created_by) values
  ('c2000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Tent (4 people)', 2, 'a0000000-0000-4000-8000-000000000003', true, 'a0000000-0000-4000-8000-000000000003', now() - interval '3 days', 'V', 'a0000000-0000-4000-8000-000000000002'),
  ('c2000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Sleeping bags', 6, null, false, null, null, 'k', 'a0000000-0000-4000-8000-000000000002'),
  ('c2000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Rain ponchos', 6, 'a0000000-0000-4000-8000-000000000004', false, null, null, 's', 'a0000000-0000-4000-8000-000000000002'),
  ('c2000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'Bread', 4, null, false, null, null, 'V', 'a0000000-0000-4000-8000-000000000003'),
  ('c2000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'Coffee', 1, 'a0000000-0000-4000-8000-000000000007', false, null, null, 'k', 'a0000000-0000-4000-8000-000000000003'),
  ('c2000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002', 'Paddle board pump', 1, 'a0000000-0000-4000-8000-000000000005', false, null, null, 'V', 'a0000000-0000-4000-8000-000000000004'),
  ('c2000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002', 'Marshmallows', 3, null, true, 'a0000000-0000-4000-8000-000000000008', now() - interval '1 day', 'k', 'a0000000-0000-4000-8000-000000000004');

insert into public.schedule_items (id, event_id, title, starts_at, ends_at, location, notes, created_by) values
  ('c3000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Arrive and set up camp',
    (current_date + 30) + time '14:00', (current_date + 30) + time '17:00', 'Camping field B', 'Kitchen tent first.', 'a0000000-0000-4000-8000-000000000002'),
  ('c3000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'Kitchen shift',
    (current_date + 31) + time '11:00', (current_date + 31) + time '14:00', 'Crew kitchen', null, 'a0000000-0000-4000-8000-000000000003'),
  ('c3000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000001', 'Main stage headliner',
    (current_date + 32) + time '21:30', (current_date + 32) + time '23:30', 'Main stage', null, 'a0000000-0000-4000-8000-000000000002'),
  ('c3000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000002', 'Paddle boarding',
    (current_date + 15) + time '09:00', (current_date + 15) + time '11:00', 'Gwatt beach', 'Boards are reserved.', 'a0000000-0000-4000-8000-000000000004'),
  ('c3000000-0000-4000-8000-000000000005', 'e0000000-0000-4000-8000-000000000003', 'Sunrise hike',
    (current_date + 46) + time '04:30', (current_date + 46) + time '07:00', 'Hut door', null, 'a0000000-0000-4000-8000-000000000006');
insert into public.schedule_item_assignees (item_id, event_id, user_id) values
  ('c3000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000006'),
  ('c3000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000007');

-- Notifications ------------------------------------------------------------------------------------
-- Everything above already made the demo's notifications through the triggers (invitations and
-- their answers, members joining, a reply, assignments; invitation mails wait in the outbox and
-- show on the dev mail page after the first start). Marco posts a priority announcement on the
-- festival (an organizer event), Hannah follows all of its activity, and the older news is read.
insert into public.announcements (event_id, author_id, title, body, priority) values
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'Wristbands',
    'Pick up your wristbands at the info tent from Thursday 14:00, and bring your ID.', true);
insert into public.event_follows (event_id, user_id) values
  ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003');
update public.notifications set read_at = now() where kind in ('member_joined', 'invitation_answered');

drop table seed_users;
