import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { minimal2023Preset } from '@vite-pwa/assets-generator/config';
import { APP_MANIFEST } from './client/pwa-manifest';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [
    react(),
    tailwindcss(),
    // Installable app + service worker (issue 24, DESIGN.md decision 16): our own worker (push, offline answers)
    // with Workbox's precache manifest injected; updates wait for the reader's "Reload".
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: APP_MANIFEST,
      // Every icon from ONE source image (192, 512, maskable 512, Apple touch 180, favicon.ico), made at build.
      pwaAssets: {
        image: 'public/favicon.svg',
        preset: {
          ...minimal2023Preset,
          maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: APP_MANIFEST.background_color } },
          apple: { ...minimal2023Preset.apple, resizeOptions: { background: APP_MANIFEST.background_color } },
        },
        overrideManifestIcons: true,
        injectThemeColor: false,
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'], // the manifest is added by the plugin itself
        // The og-image and the install-sheet screenshots are not needed offline.
        globIgnores: ['og-image.png', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries in a few named chunks instead of one per shared module: fewer requests on first load (issue 28).
        // Leaflet's loads only with a map; zod's is the one the banner below marks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\// },
            { name: 'query', test: /\/node_modules\/@tanstack\// },
            { name: 'leaflet', test: /\/node_modules\/(leaflet|react-leaflet|@react-leaflet)\// },
            { name: 'zod', test: /\/node_modules\/zod\// },
            // Small modules both first screens load, shared with lazy chunks (so not in the entry): one request
            // instead of nine of 0.3–1.5 KiB each.
            {
              name: 'shell',
              test: /\/(common\/constants|client\/src\/components\/ui\/use-toast|client\/src\/lib\/(api-client|query-keys|utils|get-public-config|map-tiles))\.ts$|\/node_modules\/(clsx|@radix-ui\/react-(compose-refs|slot)|lucide-react\/dist\/esm\/(shared|context\.mjs|Icon\.mjs|createLucideIcon\.mjs))/,
            },
          ],
        },
        // zod probes `new Function` when its first object schema is built; under our CSP that probe is reported as
        // a violation (Lighthouse "inspector-issues"). Its global config must say jitless before zod's code runs,
        // so the chunk holding zod starts by setting it (z.config() in main.tsx would run after the shared chunks).
        banner: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/zod/'))
            ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;'
            : '',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
