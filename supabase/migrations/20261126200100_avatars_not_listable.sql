-- The avatars bucket could be listed by anyone. Its policy "Anyone can read avatars" let every
-- visitor and user select every row of storage.objects in the bucket, which is what listing is:
-- each user's folder and file names, for every account (Supabase's linter, lint 0025). Showing an
-- avatar never needed it: the bucket is public, and storage serves a public bucket's objects by
-- their public URL (/storage/v1/object/public/avatars/...) without asking RLS, on a hosted
-- project and in supabase/local alike; that URL is what profiles store, the app shows and the
-- service worker caches.
--
-- Users still see the rows of their own folder: storage's remove (delete ... returning) and upsert
-- read the row they change, so without a select policy a user could no longer remove or replace
-- their own avatar. Nobody sees anyone else's.

drop policy "Anyone can read avatars" on storage.objects;

create policy "Users can see their own avatar files" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
