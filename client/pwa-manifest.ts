/**
 * The web app manifest (docs/decisions/015-installable-offline-push.md): what the browser's install sheet and the home-screen icon show. The icons
 * are added at build time from one source image (vite.config.ts, pwaAssets).
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const APP_MANIFEST = {
  id: '/',
  name: 'Whispers — Discover hidden stories',
  short_name: 'Whispers',
  description: 'Discover hidden stories pinned to the places around you. They unlock when you are there.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#0b1020',
  background_color: '#070a16',
  categories: ['entertainment', 'travel', 'books'],
  screenshots: [
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow' as const,
      label: 'Stories around you on the map',
    },
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide' as const,
      label: 'Whispers on a larger screen',
    },
  ],
} satisfies Partial<ManifestOptions>;
