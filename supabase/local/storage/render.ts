/**
 * Image transformations (`/render/image/{public|authenticated|sign}/...`, what supabase-js builds
 * for `getPublicUrl`, `download` and `createSignedUrl` with `transform`), done with sharp (libvips,
 * installed from npm as prebuilt packages) where storage-api uses imgproxy, with storage-api's
 * options and limits: `width`/`height` 1 to 2500 px, `resize` cover (crop to fill, the default),
 * contain (fit inside) or fill (stretch), `quality` 20 to 100 (80), `format` origin, webp or
 * avif; without `format` a browser that accepts WebP gets WebP. Images are never enlarged, are
 * turned upright by their EXIF orientation, and only raster images of at most 25 MB and 50
 * megapixels are transformed; anything else is a 4xx.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ApiRequest, ApiResponse } from '../app.ts';
import { sniff } from './content-type.ts';
import { errors, storageError } from './errors.ts';

const MAX_SIDE = 2500;
const MAX_SOURCE_BYTES = 25 * 1000 * 1000;
const MAX_SOURCE_PIXELS = 50_000_000;
const RESIZE = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;
/**
 * Raster images that are transformed, told by their bytes before libvips sees them: SVG (script,
 * and librsvg parsing untrusted XML) and every other format never reach the decoder.
 */
const SOURCES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/heif',
  'image/heic',
]);
/** Source formats a browser shows as they are; others leave as JPEG when the origin is kept. */
const SHOWABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

export interface Transform {
  width?: number;
  height?: number;
  resize?: (typeof RESIZE)[number];
  quality?: number;
  format?: (typeof FORMATS)[number];
}

/** Checks transformation options from a query string (`querystring/...`) or a body (`body/transform/...`). */
function checked(read: (name: string) => unknown, where: string): Transform {
  const transform: Transform = {};
  const integer = (name: 'width' | 'height' | 'quality', min: number, max: number) => {
    const raw = read(name);
    if (raw === undefined || raw === null || raw === '') return;
    const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw errors.invalidRequest(`${where}/${name} must be integer`);
    }
    if (value < min) throw errors.invalidRequest(`${where}/${name} must be >= ${min}`);
    if (value > max) throw errors.invalidRequest(`${where}/${name} must be <= ${max}`);
    // As storage-api: 0 means "not given"; sides are clamped to the largest allowed.
    if (value > 0) transform[name] = name === 'quality' ? value : Math.min(value, MAX_SIDE);
  };
  integer('width', 0, Number.MAX_SAFE_INTEGER);
  integer('height', 0, Number.MAX_SAFE_INTEGER);
  integer('quality', 20, 100);
  for (const [name, allowed] of [
    ['resize', RESIZE],
    ['format', FORMATS],
  ] as const) {
    const value = read(name);
    if (value === undefined || value === null || value === '') continue;
    if (!(allowed as readonly unknown[]).includes(value)) {
      throw errors.invalidRequest(`${where}/${name} must be equal to one of the allowed values`);
    }
    (transform as Record<string, unknown>)[name] = value;
  }
  return transform;
}

export function transformFromQuery(params: URLSearchParams): Transform {
  return checked((name) => params.get(name) ?? undefined, 'querystring');
}

/** The `transform` of a signed-URL request body, or null when there is none. */
export function transformFromBody(value: unknown): Transform | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidRequest('body/transform must be object');
  const transform = checked((name) => (value as Record<string, unknown>)[name], 'body/transform');
  return Object.keys(transform).length > 0 ? transform : null;
}

/** `width:100,height:100,resize:cover`: how storage-api writes transformations into a token. */
export function transformToString(transform: Transform): string {
  return Object.entries(transform)
    .map(([name, value]) => `${name}:${value}`)
    .join(',');
}

export function transformFromString(text: string): Transform {
  const pairs = new Map(
    text
      .split(',')
      .filter(Boolean)
      .map((part) => part.split(':') as [string, string]),
  );
  return checked((name) => pairs.get(name), 'token');
}

function outputFormat(transform: Transform, source: string, accept: string): 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' {
  if (transform.format === 'webp' || transform.format === 'avif') return transform.format;
  if (transform.format !== 'origin' && /image\/webp/i.test(accept)) return 'webp';
  return SHOWABLE.has(source) ? (source as 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') : 'jpeg';
}

const unprocessable = (message: string) => storageError(422, 'InvalidRequest', message);

export interface RenderSource {
  file: string;
  name: string;
  metadata: Record<string, unknown> | null;
  updatedAt: string | Date;
}

/** The transformed image, with the object's cache control and the storage-api headers for it. */
export async function renderImage(req: ApiRequest, source: RenderSource, transform: Transform): Promise<ApiResponse> {
  const meta = source.metadata ?? {};
  if (typeof meta.size === 'number' && meta.size > MAX_SOURCE_BYTES) {
    throw storageError(413, 'EntityTooLarge', 'The image is larger than 25 MB, the most that can be transformed');
  }
  const input = await readFile(source.file).catch(() => null);
  if (!input) throw errors.noSuchKey();
  if (!SOURCES.has((await sniff(input.subarray(0, 4100))) ?? '')) {
    throw unprocessable('The object is not a raster image that can be transformed');
  }
  const { default: sharp } = await import('sharp');
  // Decoded images are not kept between requests: objects change under the same path.
  sharp.cache(false);
  let output: { data: Buffer; format: string };
  try {
    const image = sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' });
    const { format: sourceFormat = '' } = await image.metadata();
    const format = outputFormat(transform, sourceFormat, req.header('accept') ?? '');
    const fit = transform.resize === 'contain' ? 'inside' : transform.resize === 'fill' ? 'fill' : 'cover';
    let pipeline = image.rotate();
    if (transform.width || transform.height) {
      pipeline = pipeline.resize(transform.width ?? null, transform.height ?? null, { fit, withoutEnlargement: true });
    }
    const quality = transform.quality ?? 80;
    const { data, info } = await pipeline
      .toFormat(format, format === 'png' || format === 'gif' ? {} : { quality })
      .toBuffer({ resolveWithObject: true });
    output = { data, format: info.format };
  } catch (error) {
    throw unprocessable(
      /pixel limit/i.test(String(error))
        ? 'The image has more than 50 megapixels, the most that can be transformed'
        : 'The object is not an image that can be transformed',
    );
  }
  const headers: Record<string, string> = {
    'content-type': `image/${output.format}`,
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'content-length': String(output.data.length),
    'last-modified': new Date(
      typeof meta.lastModified === 'string' ? meta.lastModified : source.updatedAt,
    ).toUTCString(),
    'x-transformations': transformToString(transform),
    vary: 'Accept',
  };
  // The same object rendered another way is another representation: its own entity tag.
  const tagOf = [meta.eTag, headers['x-transformations'], output.format].join('|');
  headers.etag = `W/"${createHash('md5').update(tagOf).digest('hex')}"`;
  const download = req.url.searchParams.get('download');
  if (download !== null) {
    const name = download || source.name.split('/').pop() || 'image';
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (req.header('if-none-match') === headers.etag) {
    delete headers['content-length'];
    return { status: 304, headers };
  }
  if (req.method === 'HEAD') return { status: 200, headers };
  return { status: 200, headers, body: output.data };
}
