-- Avatars are raster images only: PNG, JPEG, WebP and GIF. `image/*` let an SVG through, and an
-- SVG is a document that may carry script: opened from its public URL it ran on the storage
-- origin. Storage checks the declared type against this list, and the local backend also checks
-- the bytes (a file whose content is not one of these is refused whatever type it claims). The
-- app's own uploads are photos, which these four cover; receipts keep `image/*` (a phone may send
-- HEIC), where the local backend's byte check already refuses anything that is not a raster image.
update storage.buckets
set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    updated_at = now()
where id = 'avatars';
