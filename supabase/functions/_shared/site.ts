/**
 * Where the web app is, for links a function builds (mails, checkout return paths): `SITE_URL`
 * (a secret on a hosted project; the local backend passes its own), else the caller's `Origin`.
 */
import { env } from './env.ts';

export function siteUrl(req: Request): string | null {
  const configured = env('SITE_URL');
  if (configured && /^https?:\/\/\S+$/.test(configured)) return configured.replace(/\/+$/, '');
  const origin = req.headers.get('Origin');
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return null;
}
