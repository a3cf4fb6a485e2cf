/**
 * Prerenders the public pages at build time (issue 23): after the client build, a server build of
 * src/prerender/render-page.tsx draws each page with the app's own components, and the page is
 * written next to index.html as `<path>.html`: the same head (CSP, theme script, manifest), the
 * page's markup and Chakra's styles inside `#root`, and no splash. index.html and every page get
 * Chakra's global styles, rendered once here (chakra-global-styles.ts). The browser paints it before any
 * script has run; React then hydrates it (src/main.tsx).
 *
 * Static hosts and `vite preview` answer `/login` with `login.html` (`serve` by its `serve.json`,
 * security-headers.ts), and the service worker's precache does the same offline (Workbox's clean
 * URLs; join links get `join.html` by their own route, sw/sw.ts). Every other page gets
 * index.html, drawn by the browser as before.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { globalCssOf, withGlobalStyles } from './chakra-global-styles.ts';

/** The pages that need no data: drawn the same for every visitor. */
const PAGES = ['/landing', '/login', '/register', '/waitlist', '/forgot-password'] as const;
/**
 * The join page's shell: the frame and card of `/join?id=…` while the event is looked up, the same
 * for every event, so it stands for any query (`data-prerendered-query="any"`).
 */
const JOIN_SHELL = { path: '/join', url: '/join?id=00000000-0000-4000-8000-000000000000' } as const;

export const PRERENDERED_PATHS = [...PAGES, JOIN_SHELL.path] as const;

const SPLASH = /\s*<div id="splash"[\s\S]*?<\/div>\n?/;
const SPLASH_SCRIPT = /\s*<script>\s*new MutationObserver[\s\S]*?<\/script>/;
const ROOT = '<div id="root"></div>';

const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Emotion's styles moved out of the markup into the head, as emotion's own server extraction has
 * them: each global style as it was, and the components' styles as one `<style data-emotion="css
 * id…">`. The browser parses one style sheet before the body instead of one per component, and
 * emotion in the browser still finds them (by that attribute) and does not insert them again.
 */
export function hoistStyles(markup: string): { markup: string; head: string } {
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  const rest = markup.replace(EMOTION_STYLE, (tag, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules.push(css);
    } else {
      globals.push(tag);
    }
    return '';
  });
  const components = ids.length ? `<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>` : '';
  return { markup: rest, head: globals.join('') + components };
}

/** index.html with `markup` as the page of `pagePath` (for any query when `anyQuery`), and without the splash. */
export function prerenderedDocument(indexHtml: string, pagePath: string, markup: string, anyQuery = false): string {
  if (!indexHtml.includes(ROOT) || !SPLASH.test(indexHtml) || !SPLASH_SCRIPT.test(indexHtml)) {
    throw new Error('index.html no longer has the splash and the empty #root the prerender replaces');
  }
  const styles = hoistStyles(markup);
  return indexHtml
    .replace('</head>', () => `${styles.head}</head>`)
    .replace(SPLASH, '\n')
    .replace(SPLASH_SCRIPT, '')
    .replace(
      ROOT,
      () =>
        `<div id="root" data-prerendered="${pagePath}"${anyQuery ? ' data-prerendered-query="any"' : ''}>${styles.markup}</div>`,
    );
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'crewcamp-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before vite-plugin-pwa lists the output for the service worker's precache.
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside node_modules, so that the server build's imports of packages resolve.
        const serverDir = path.join(config.root, 'node_modules/.crewcamp-prerender');
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          plugins: [react()],
          build: {
            ssr: path.join(config.root, 'src/prerender/render-page.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
          },
        });
        try {
          const { renderPage, renderGlobalStyles } = (await import(
            pathToFileURL(path.join(serverDir, 'render-page.js')).href
          )) as { renderPage(url: string): Promise<string>; renderGlobalStyles(): string };
          // Chakra's global styles in the app's page and in every prerendered one (chakra-global-styles.ts).
          const indexFile = path.join(outDir, 'index.html');
          const indexHtml = withGlobalStyles(await readFile(indexFile, 'utf8'), globalCssOf(renderGlobalStyles()));
          await writeFile(indexFile, indexHtml);
          const pages = [...PAGES.map((page) => ({ path: page, url: page })), JOIN_SHELL];
          for (const page of pages) {
            const file = path.join(outDir, `${page.path.slice(1)}.html`);
            await mkdir(path.dirname(file), { recursive: true });
            const markup = await renderPage(page.url);
            await writeFile(file, prerenderedDocument(indexHtml, page.path, markup, page.url !== page.path));
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
