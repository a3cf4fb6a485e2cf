/**
 * Chakra's global styles (its reset, the theme's global CSS and every token as a CSS variable) are
 * the same for every page and every visitor, yet `createSystem` builds them as style objects at
 * every start, and `ChakraProvider` has emotion turn them into 57 KB of CSS and insert it: measured
 * at 4x CPU throttling, 325 ms of the 577 ms `createSystem` spends in the first task
 * (`getTokenCss`, `getGlobalCss`), then emotion's serialising on top (issue 23).
 *
 * A build does that work once instead:
 * - `lazyGlobalStylesPlugin` makes the system's `_global` a getter in the client build, so that
 *   `createSystem` no longer builds the styles nobody asks for;
 * - the prerender (prerender-plugin.ts) renders them once with the app's own theme, and
 *   `withGlobalStyles` writes them into index.html and every prerendered page as one
 *   `<style data-chakra-global>`, parsed with the page before any script runs;
 * - the app's provider (src/app/provider.tsx) hands Chakra the system without them.
 * `vite dev` and the tests keep Chakra's own way: the system builds them and emotion inserts them.
 */
import type { Plugin } from 'vite';

/** The module of Chakra's `createSystem` (its ES build, the one Vite bundles). */
const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '    _global,\n';
const LAZY = '    get _global() {\n      return [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n';

/** `createSystem`'s source with `_global` built when read, not when the system is made. */
export function lazyGlobals(source: string): string {
  if (!source.includes(EAGER) || source.split(RETURNED).length !== 2) {
    throw new Error(
      "Chakra's createSystem no longer builds `_global` as scripts/chakra-global-styles.ts expects: update the plugin for this Chakra version",
    );
  }
  return source.replace(EAGER, '').replace(RETURNED, LAZY);
}

export function lazyGlobalStylesPlugin(): Plugin {
  let seen = false;
  return {
    name: 'crewcamp-chakra-lazy-globals',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: SYSTEM_MODULE },
      handler(code, id) {
        if (!SYSTEM_MODULE.test(id)) return null;
        seen = true;
        return { code: lazyGlobals(code), map: null };
      },
    },
    buildEnd(error) {
      // A Chakra that moved its system module would quietly bring the start-up cost back.
      if (!error && !seen && !this.environment?.config.build.ssr) {
        this.error(
          `Chakra's system module (${SYSTEM_MODULE}) was not in the build: update scripts/chakra-global-styles.ts`,
        );
      }
    },
  };
}

const GLOBAL_STYLE = /<style data-emotion="[^"]*-global [^"]*"[^>]*>([\s\S]*?)<\/style>/g;

/** The CSS of the `<style data-emotion="…-global …">` tags of a server render, in their order. */
export function globalCssOf(markup: string): string {
  const css = [...markup.matchAll(GLOBAL_STYLE)].map((match) => match[1]).join('');
  if (!css.includes('--chakra-'))
    throw new Error("The server render held no Chakra global styles (no '--chakra-' variables)");
  return css;
}

/** `html` with the global styles as the last style of its head, before the page's own (prerender-plugin.ts). */
export function withGlobalStyles(html: string, css: string): string {
  if (!html.includes('</head>')) throw new Error('The page has no </head> for the global styles');
  if (css.includes('</style')) throw new Error('The global styles would close their own <style> tag');
  return html.replace('</head>', () => `<style data-chakra-global>${css}</style></head>`);
}
