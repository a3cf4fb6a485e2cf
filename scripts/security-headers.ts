/**
 * The built app's Content-Security-Policy and other security headers, made at build time for the
 * Supabase project the build talks to (VITE_SUPABASE_URL, else the local backend), and delivered
 * three ways by the Vite plugin below:
 *
 * - a `<meta http-equiv="Content-Security-Policy">` first in index.html, so the policy holds on any
 *   static host, and in the pages the service worker serves from its cache;
 * - `_headers` in the output (Netlify, Cloudflare Pages) and `serve.json` (the `serve` package):
 *   the policy again as a header, with what a meta tag cannot carry (`frame-ancestors`) and
 *   `X-Content-Type-Options`, `Referrer-Policy`, `Permissions-Policy`, `X-Frame-Options`;
 * - `vite preview` sends the headers of the `_headers` file of the folder it serves.
 *
 * What the app needs, and so what the policy allows: its own origin for scripts, styles, images,
 * fonts, the manifest and the service worker; the two inline scripts of index.html by their
 * SHA-256 (theme before first paint, splash removal), computed from the built page; inline styles
 * (Chakra UI's emotion inserts `<style>` elements at run time, and the splash has one); `data:`
 * and `blob:` images (receipts shown before upload, the site plan's PNG export, QR codes); the
 * Supabase project over HTTPS and WSS (HTTP and WS for the local backend) for the API, Realtime
 * and storage images. Nothing else: no other origin, no eval, no plugins, no framing.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, PreviewServer } from 'vite';
import { PRERENDERED_PATHS } from './prerender-plugin.ts';

/** The local backend the app talks to when no project URL is configured (src/lib/env.ts). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The sources a Supabase project URL needs: its origin for HTTP and its WebSocket twin for Realtime. */
export function supabaseSources(url: string): { http: string; ws: string } {
  const origin = new URL(url).origin;
  return { http: origin, ws: origin.replace(/^http/, 'ws') };
}

/** `'sha256-…'` of every inline script (a `<script>` without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The policy. `forMeta` leaves out what a meta tag may not carry (`frame-ancestors`, which the
 * browser would ignore with a console error).
 */
export function contentSecurityPolicy(supabaseUrl: string, scriptHashes: string[], forMeta = false): string {
  const supabase = supabaseSources(supabaseUrl);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', supabase.http]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", supabase.http, supabase.ws]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ...(forMeta ? [] : ([['frame-ancestors', ["'none'"]]] as Array<[string, string[]]>)),
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** Every security header the app is served with. */
export function securityHeaders(supabaseUrl: string, scriptHashes: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(supabaseUrl, scriptHashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  };
}

/** Netlify's and Cloudflare Pages' `_headers`: the headers for every path. */
export function headersFile(headers: Record<string, string>): string {
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n')}\n`;
}

/** The headers of the `/*` block of a `_headers` file. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAll = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inAll = line.trim() === '/*';
    else if (inAll && line.includes(':')) {
      const at = line.indexOf(':');
      headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return headers;
}

/**
 * The `serve` package's configuration: the headers, the prerendered pages to their HTML
 * (prerender-plugin.ts), and other paths to the single-page app.
 */
export function serveJson(headers: Record<string, string>): string {
  const config = {
    rewrites: [
      ...PRERENDERED_PATHS.map((page) => ({ source: page, destination: `${page}.html` })),
      { source: '**', destination: '/index.html' },
    ],
    headers: [{ source: '**', headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

async function previewHeaders(server: PreviewServer, supabaseUrl: string): Promise<Record<string, string>> {
  const outDir = path.resolve(server.config.root, server.config.build.outDir);
  const written = await readFile(path.join(outDir, '_headers'), 'utf8').catch(() => null);
  if (written) return parseHeadersFile(written);
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8').catch(() => '');
  return securityHeaders(supabaseUrl, inlineScriptHashes(html));
}

/** The Vite plugin: the meta tag and header files at build time, the headers on `vite preview`. */
export function securityHeadersPlugin(supabaseUrl: string): Plugin {
  let hashes: string[] | null = null;
  return {
    name: 'crewcamp-security-headers',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // `vite dev` injects its own inline scripts (HMR, React refresh): the policy is for builds.
        if (ctx.server) return html;
        hashes = inlineScriptHashes(html);
        const policy = contentSecurityPolicy(supabaseUrl, hashes, true).replace(/'/g, '&#39;');
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
        // Right after the charset declaration, which must stay within the page's first 1024 bytes.
        const charset = /<meta\s+charset=[^>]*>/i.exec(html);
        if (!charset) return html.replace(/<head>/i, `<head>\n    ${meta}`);
        const end = charset.index + charset[0].length;
        return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`;
      },
    },
    generateBundle() {
      if (!hashes) return;
      const headers = securityHeaders(supabaseUrl, hashes);
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(headers) });
      this.emitFile({ type: 'asset', fileName: 'serve.json', source: serveJson(headers) });
    },
    async writeBundle(options) {
      if (!hashes || !options.dir) return;
      // A plugin that rewrote an inline script after the hashes were taken would break the page.
      const built = inlineScriptHashes(await readFile(path.join(options.dir, 'index.html'), 'utf8'));
      if (built.join() !== hashes.join()) {
        throw new Error('index.html inline scripts changed after their CSP hashes were taken');
      }
    },
    configurePreviewServer(server) {
      const ready = previewHeaders(server, supabaseUrl);
      server.middlewares.use((_req, res, next) => {
        ready.then((headers) => {
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
          next();
        }, next);
      });
    },
  };
}
