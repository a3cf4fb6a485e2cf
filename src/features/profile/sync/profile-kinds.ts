/**
 * Mutation kinds on the user's own profile: update (with the spec's name splitting, and the
 * `profile-updated` browser event after success) and avatar upload. The avatar's bytes wait in
 * the outbox while offline; the spec's size and type checks run before it is queued. Its storage
 * path is fixed when queued, so a replayed upload finds its own file ("already exists" is success).
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import type { Tables } from '../../../db/database.types.ts';
import { ownProfileFromServer } from './profile-sources.ts';
import {
  announcesProfileUpdate,
  contactProblem,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  resolveNameFields,
} from './profile-fields.ts';

/** The user's whole profile as the server now has it (address fields are readable by the owner only). */
async function ownProfile(client: kit.AppClient): Promise<Tables<'profiles'>> {
  const row = await kit.readProcedure(client, 'get_my_profile');
  if (!row?.id) throw kit.failure(404, 'not_found', 'Failed to fetch profile');
  return row;
}

/** The `reconcile` of both kinds: the profile as the server answered it. */
async function storeOwnProfile<A>(w: kit.LocalWriter, _args: A, answer: Tables<'profiles'>): Promise<void> {
  await w.storeServer('profiles', answer.id, ownProfileFromServer(answer));
}

const optionalText = (max: number) => z.string().max(max).nullable().optional();
const changesSchema = z.object({
  name: optionalText(200),
  first_name: optionalText(100),
  last_name: optionalText(100),
  country: optionalText(100),
  postal_code: optionalText(20),
  street_address: optionalText(200),
  street_number: optionalText(20),
  phone: z.string().regex(PHONE_PATTERN, PHONE_MESSAGE).nullable().optional(),
  share_phone: z.boolean().optional(),
  emergency_contact_name: optionalText(100),
  emergency_contact_phone: z.string().regex(PHONE_PATTERN, PHONE_MESSAGE).nullable().optional(),
  share_emergency_contact: z.boolean().optional(),
  /** The whole set of choices: the server's jsonb is replaced, never merged. */
  notification_settings: z
    .object({ invitations: z.boolean(), event_updates: z.boolean(), chat_messages: z.boolean() })
    .strict()
    .optional(),
});
const updateArgs = z.object({ changes: changesSchema });

/** Shows the user's new name or avatar on their member rows too. */
async function patchOwnMembers(
  w: kit.LocalWriter,
  fields: { name?: string | null; avatar?: string | null },
): Promise<void> {
  for (const member of await w.db.members.where('user_id').equals(w.userId).toArray()) {
    await w.update('members', member.key, fields);
  }
}

export const updateProfile = kit.defineKind({
  name: 'profile.update',
  args: updateArgs,
  async prepare(args, ctx) {
    const current = await ctx.db.profiles.get(ctx.userId);
    const problem = contactProblem(args.changes, {
      emergency_contact_name: current?.emergency_contact_name ?? null,
      emergency_contact_phone: current?.emergency_contact_phone ?? null,
    });
    if (problem) throw new kit.MutationValidationError(problem.message);
    return {
      changes: resolveNameFields(args.changes, {
        first_name: current?.first_name ?? null,
        last_name: current?.last_name ?? null,
      }),
    };
  },
  refs: () => [],
  async applyLocal(w, args) {
    await w.update('profiles', w.userId, args.changes);
    if (args.changes.name !== undefined) await patchOwnMembers(w, { name: args.changes.name });
  },
  async send({ client, userId }, args) {
    kit.expectData(await client.from('profiles').update(args.changes).eq('id', userId));
    return ownProfile(client);
  },
  reconcile: storeOwnProfile,
  afterSuccess(args) {
    if (!announcesProfileUpdate(args.changes)) return;
    const target: Partial<EventTarget> = globalThis;
    if (typeof target.dispatchEvent === 'function' && typeof CustomEvent === 'function') {
      target.dispatchEvent(new CustomEvent('profile-updated', { detail: args.changes }));
    }
  },
  describe: () => 'Update your profile',
});

const avatarArgs = z.object({
  ...kit.photoArgs,
  publicUrl: z.string().optional(),
  /** Set by older versions of this kind; entries queued by them may still carry it. */
  previousAvatar: z.string().nullable().optional(),
});

/**
 * The avatar kind needs the public address of the avatars bucket. Each upload gets a new path (a
 * new URL), and the device points at it only once the file is on the server: an image request made
 * earlier would fail, and the failed image would stay on screen (and in the service worker's cache)
 * until a reload. While it waits, the upload form shows the picture from the file itself.
 */
export function uploadAvatarKind(publicBucketUrl: string) {
  const bucketPath = (url: string | null | undefined) =>
    url && url.startsWith(`${publicBucketUrl}/`) ? url.slice(publicBucketUrl.length + 1) : null;
  return kit.defineKind({
    name: 'profile.upload-avatar',
    args: avatarArgs,
    validate: kit.checkPhoto,
    prepare(args, ctx) {
      const path = `${ctx.userId}/${ctx.userId}-${ctx.now}.${kit.photoExtension(args)}`;
      return { ...args, path, publicUrl: `${publicBucketUrl}/${path}` };
    },
    refs: () => [],
    // Nothing changes on the device until the file is on the server (see above).
    applyLocal: () => Promise.resolve(),
    async send({ client, userId }, args) {
      const bucket = client.storage.from('avatars');
      // The server's current picture, not the device's: two uploads queued offline remove each other's file.
      const previous = bucketPath((await ownProfile(client)).avatar);
      if (previous && previous !== args.path) await bucket.remove([previous]).catch(() => undefined);
      await kit.uploadOnce(client, 'avatars', args.path, args.bytes, {
        contentType: args.contentType,
        cacheControl: '3600',
        forbidden: 'Permission denied. Please ensure you are logged in and try again.',
        failed: 'Failed to upload avatar',
      });
      kit.expectData(await client.from('profiles').update({ avatar: args.publicUrl }).eq('id', userId));
      return ownProfile(client);
    },
    async reconcile(w, args, answer) {
      await storeOwnProfile(w, args, answer);
      // The member rows show the picture too; they are the server's rows, written as such.
      for (const member of await w.db.members.where('user_id').equals(w.userId).toArray()) {
        const server = await w.serverState('members', member.key);
        if (server) await w.storeServer('members', member.key, { ...server, avatar: answer.avatar });
      }
    },
    describe: () => 'Upload a new avatar',
  });
}
