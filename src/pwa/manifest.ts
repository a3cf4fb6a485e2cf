/**
 * The web app manifest (vite-plugin-pwa writes it as manifest.webmanifest). The colours are the
 * Chakra theme's: forest 600 for the theme, the light canvas (gray 50) behind the splash screen.
 * The icons are drawn in public/icons/*.svg and rendered by scripts/make-icons.mjs.
 */
const brandColors = {
  /** forest.600: the header colour of the installed app. */
  theme: '#236a46',
  /** forest.950 beside the dark canvas: the dark status bar. */
  themeDark: '#0a2116',
  /** gray.50 and gray.950: the canvases of the light and dark modes. */
  background: '#f7f7f2',
  backgroundDark: '#121510',
} as const;

export const webAppManifest = {
  id: '/',
  name: 'CrewCamp',
  short_name: 'CrewCamp',
  description: 'Your event crew, connected.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  theme_color: brandColors.theme,
  background_color: brandColors.background,
  categories: ['lifestyle', 'travel', 'social'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
