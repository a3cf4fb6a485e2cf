/**
 * The type an upload is stored and served with. storage-api checks only the declared type against
 * the bucket's `allowed_mime_types`, and serves whatever was declared; a declared `image/png`
 * that is really an SVG or HTML page would then run script on the storage origin. Here, in a
 * bucket that limits its types, the bytes decide as well:
 *
 * - the declared type must be allowed (as storage-api answers: 415 `mime type X is not supported`);
 * - when the bytes are a format `file-type` recognises from its magic numbers, that format must be
 *   allowed too, and it is the type the object is stored and served with;
 * - bytes it does not recognise (text, SVG, HTML...) pass only when the bucket names the declared
 *   type exactly: a wildcard such as `image/*` means "bytes that are an image", which SVG, being
 *   text that may carry script, never proves to be. A declared type that `file-type` would have
 *   recognised (`image/png` with no PNG signature) is a lie and refused.
 *
 * A bucket without allowed types stores the declared type, as storage-api does; every storage
 * response is served with `nosniff` and a sandboxing CSP (storage.ts), so even an HTML object
 * runs nothing there.
 */
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { errors } from './errors.ts';

/** Formats `file-type` names more precisely than buckets list them. */
const ALIASES: Record<string, string> = { 'image/apng': 'image/png', 'image/heic-sequence': 'image/heic' };
/** Results that only say "some XML": SVG with an XML declaration is told apart by the declared type. */
const UNDECIDED = new Set(['application/xml']);

function essenceOf(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/** storage-api's check: `type/subtype` must match an allowed type exactly or `type/*`. */
export function mimeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, sub] = essenceOf(mimeType).split('/');
  if (!type || !sub) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSub] = essenceOf(entry).split('/');
    return allowedType === type && (allowedSub === '*' || allowedSub === sub);
  });
}

/** The format the bytes are, by their magic numbers, or null when they are not one it knows. */
export async function sniff(head: Buffer): Promise<string | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!found || UNDECIDED.has(found.mime)) return null;
  return ALIASES[found.mime] ?? found.mime;
}

/**
 * The content type to store an upload with, or a 415 when the bucket does not take it. `key` and
 * `size` let storage-api's empty-folder placeholder (`.emptyFolderPlaceholder`, 0 bytes) through.
 */
export async function storedContentType(
  upload: { head: Buffer; mimeType: string; size: number },
  allowed: string[] | null,
  key: string,
): Promise<string> {
  if (!allowed || allowed.length === 0) return upload.mimeType;
  if (upload.size === 0 && key.endsWith('.emptyFolderPlaceholder')) return upload.mimeType;
  if (!mimeAllowed(upload.mimeType, allowed)) throw errors.invalidMime(upload.mimeType);
  const actual = await sniff(upload.head);
  if (actual) {
    if (!mimeAllowed(actual, allowed)) {
      throw errors.contentMismatch(`The file's content is ${actual}, which this bucket does not accept`);
    }
    return actual;
  }
  const declared = essenceOf(upload.mimeType);
  const named = allowed.some((entry) => essenceOf(entry) === declared);
  if (supportedMimeTypes.has(declared as never)) throw errors.contentMismatch(`The file's content is not ${declared}`);
  if (!named) {
    throw errors.contentMismatch(
      `The file's content is not recognised as one of the types this bucket accepts (${allowed.join(', ')})`,
    );
  }
  return upload.mimeType;
}
