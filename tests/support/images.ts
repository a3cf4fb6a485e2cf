/**
 * Real image bytes for uploads: buckets that take images check the content, not only the declared
 * type, so a test picture must be one.
 */

/** A 1×1 PNG (67 bytes). */
export const TINY_PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
