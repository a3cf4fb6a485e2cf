/**
 * Mutation kinds on the user's own profile: update (with the spec's name splitting, and the
 * `profile-updated` browser event after success) and avatar upload. The avatar's bytes wait in
 * the outbox while offline; the spec's size and type checks run before it is queued. Its storage
 * path is fixed when queued, so a replayed upload finds its own file ("already exists" is success).
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import type { LocalWriter } from '../local-writer.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { profileFromServer } from '../pull-sources.ts';
import { failure, MutationValidationError } from '../send-errors.ts';
import { expectData } from './backend-calls.ts';
import { uploadOnce } from './rest-writes.ts';
import { announcesProfileUpdate, resolveNameFields } from './profile-fields.ts';

/** The user's whole profile as the server now has it (address fields are readable by the owner only). */
async function ownProfile(client: SupabaseClient): Promise<Record<string, unknown>> {
  const row = expectData(await client.rpc('get_my_profile')) as Record<string, unknown> | null;
  if (!row?.id) throw failure(404, 'not_found', 'Failed to fetch profile');
  return row;
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
  /** The whole set of choices: the server's jsonb is replaced, never merged. */
  notification_settings: z
    .object({ invitations: z.boolean(), event_updates: z.boolean(), chat_messages: z.boolean() })
    .strict()
    .optional(),
});
const updateArgs = z.object({ changes: changesSchema });
type UpdateArgs = z.infer<typeof updateArgs>;

/** Shows the user's new name or avatar on their member rows too. */
async function patchOwnMembers(
  w: LocalWriter,
  fields: { name?: string | null; avatar?: string | null },
): Promise<void> {
  for (const member of await w.db.members.where('user_id').equals(w.userId).toArray()) {
    await w.update('members', member.key, fields);
  }
}

export const updateProfile: MutationKind<UpdateArgs> = {
  name: 'profile.update',
  args: updateArgs,
  async prepare(args, ctx) {
    const current = await ctx.db.profiles.get(ctx.userId);
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
    expectData(await client.from('profiles').update(args.changes).eq('id', userId));
    return ownProfile(client);
  },
  async reconcile(w, _args, result) {
    const row = profileFromServer(result as Record<string, unknown>);
    await w.storeServer('profiles', row.id, row);
  },
  afterSuccess(args) {
    if (!announcesProfileUpdate(args.changes)) return;
    const target = globalThis as unknown as Partial<EventTarget>;
    if (typeof target.dispatchEvent === 'function' && typeof CustomEvent === 'function') {
      target.dispatchEvent(new CustomEvent('profile-updated', { detail: args.changes }));
    }
  },
};

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const avatarArgs = z.object({
  bytes: z.instanceof(Uint8Array),
  contentType: z.string(),
  extension: z
    .string()
    .regex(/^[a-z0-9]{1,8}$/i)
    .optional(),
  path: z.string().optional(),
  publicUrl: z.string().optional(),
  previousAvatar: z.string().nullable().optional(),
});
type AvatarArgs = z.infer<typeof avatarArgs>;

function extensionOf(args: AvatarArgs): string {
  return (args.extension ?? args.contentType.split('/')[1]?.split('+')[0] ?? 'img').toLowerCase();
}

/** The avatar kind needs the public address of the avatars bucket to show the new picture offline. */
export function uploadAvatarKind(publicBucketUrl: string): MutationKind<AvatarArgs> {
  const bucketPath = (url: string | null | undefined) =>
    url && url.startsWith(`${publicBucketUrl}/`) ? url.slice(publicBucketUrl.length + 1) : null;
  return {
    name: 'profile.upload-avatar',
    args: avatarArgs,
    validate(args) {
      if (args.bytes.byteLength > AVATAR_MAX_BYTES)
        throw new MutationValidationError('File size must be less than 5MB');
      if (!args.contentType.startsWith('image/')) throw new MutationValidationError('File must be an image');
    },
    async prepare(args, ctx) {
      const path = `${ctx.userId}/${ctx.userId}-${ctx.now}.${extensionOf(args)}`;
      const current = await ctx.db.profiles.get(ctx.userId);
      return { ...args, path, publicUrl: `${publicBucketUrl}/${path}`, previousAvatar: current?.avatar ?? null };
    },
    refs: () => [],
    async applyLocal(w, args) {
      await w.update('profiles', w.userId, { avatar: args.publicUrl! });
      await patchOwnMembers(w, { avatar: args.publicUrl! });
    },
    async send({ client, userId }, args) {
      const bucket = client.storage.from('avatars');
      const previous = bucketPath(args.previousAvatar);
      if (previous && previous !== args.path) await bucket.remove([previous]).catch(() => undefined);
      await uploadOnce(client, 'avatars', args.path!, args.bytes, {
        contentType: args.contentType,
        cacheControl: '3600',
        forbidden: 'Permission denied. Please ensure you are logged in and try again.',
        failed: 'Failed to upload avatar',
      });
      expectData(await client.from('profiles').update({ avatar: args.publicUrl }).eq('id', userId));
      return ownProfile(client);
    },
    async reconcile(w, _args, result) {
      const row = profileFromServer(result as Record<string, unknown>);
      await w.storeServer('profiles', row.id, row);
    },
  };
}
