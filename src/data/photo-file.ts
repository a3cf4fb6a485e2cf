/**
 * A photo made ready for the outbox (a receipt, a chat photo): phone cameras take pictures of
 * several megabytes, so a large photo is scaled to at most 1600 px and saved as JPEG on the device
 * before it is queued (smaller to keep offline and quicker to send on a weak signal). A picture the
 * browser cannot decode (HEIC on some browsers) is kept as it is.
 */
import { PHOTO_MAX_BYTES } from '../sync/kind-kit.ts';

const MAX_SIDE = 1600;

export interface PhotoFile {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/** The photo to queue, or the spec's message of why it cannot be one. */
export async function photoFile(file: File): Promise<PhotoFile | string> {
  if (!file.type.startsWith('image/')) return 'File must be an image';
  const original: PhotoFile = {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type,
    extension:
      (file.name.split('.').pop() ?? 'img')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 8) || 'img',
  };
  let best = original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale < 1 || file.size > 1_000_000) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
      if (blob && blob.size < file.size)
        best = { bytes: new Uint8Array(await blob.arrayBuffer()), contentType: 'image/jpeg', extension: 'jpg' };
    }
    bitmap.close();
  } catch {
    // Not decodable here: the original goes as it is.
  }
  return best.bytes.byteLength > PHOTO_MAX_BYTES ? 'File size must be less than 5MB' : best;
}
