import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { minimal2023Preset } from '@vite-pwa/assets-generator/config';
import { APP_MANIFEST } from './client/pwa-manifest';
import { interfaceMessages } from './client/i18n-catalogues';

/**
 * Modules in the `shell` chunk (see `codeSplitting` below), each with the modules it imports: what the entry and
 * both first screens (/ and /discover) load, and lazy chunks share.
 */
const SHELL = [
  // The page frame (header, account menu) and what pages share with the entry
  '/client/src/components/layout/page-shell.tsx',
  '/client/src/features/stories/components/map/load-story-map.ts',
  '/client/src/lib/pwa/offline-line.tsx',
  '/client/src/components/ui/use-toast.ts',
  '/client/src/lib/api-client.ts',
  '/client/src/lib/query-keys.ts',
  '/client/src/lib/utils.ts',
  '/client/src/lib/get-public-config.ts',
  '/client/src/lib/map-tiles.ts',
  '/common/constants.ts',
  // What both map pages use: the position, the story dialog's loader, story texts
  '/client/src/lib/geolocation.ts',
  '/client/src/app/lazy-story-detail.tsx',
  '/client/src/lib/stories/story-display.ts',
  '/common/notifications.ts',
  '/common/categories.ts',
  '/node_modules/clsx/',
  '/node_modules/lucide-react/dist/esm/shared/',
  '/node_modules/lucide-react/dist/esm/context.mjs',
  '/node_modules/lucide-react/dist/esm/Icon.mjs',
  '/node_modules/lucide-react/dist/esm/createLucideIcon.mjs',
  '/common/geo.ts',
  '/node_modules/lucide-react/dist/esm/icons/route.mjs',
  '/node_modules/lucide-react/dist/esm/icons/x.mjs',
  '/node_modules/lucide-react/dist/esm/icons/map.mjs',
];

/**
 * Modules in the `home` chunk: the home page's own. My Stories (story cards) and a tour's page (walk mode) load it
 * too. A module /discover or the entry imports must not be listed (the build's first-screen check says so).
 */
const HOME = [
  '/client/src/app/routes/home.tsx',
  '/client/src/features/home/',
  '/client/src/features/walk/hooks/',
  '/client/src/features/walk/lib/walk-texts.ts',
  '/client/src/features/walk/components/walk-toggle.tsx',
  '/client/src/app/lazy-walk-panel.tsx',
  '/client/src/features/ar/lib/motion-permission.ts',
  '/client/src/features/tours/lib/followed-tour.ts',
  '/client/src/lib/stories/get-discoverable-stories.ts',
  '/client/src/features/stories/api/get-map-stories.ts',
  '/client/src/features/stories/api/get-user-stories.ts',
  '/client/src/features/stories/lib/marker-titles.ts',
  '/client/src/components/stories/story-card.tsx',
  '/client/src/features/create-story/components/create-story-launcher.tsx',
  // "Jump to a place" over the map (its map layer, place-focus.tsx, loads with the map).
  '/client/src/features/places/components/jump-to-place.tsx',
  '/client/src/features/places/components/place-focus-layer.tsx',
  '/client/src/features/places/api/',
  ...['compass', 'circle-plus', 'camera', 'user', 'footprints', 'plus', 'search'].map(
    (icon) => `/node_modules/lucide-react/dist/esm/icons/${icon}.mjs`,
  ),
];

/** Leaflet's modules that register themselves on L.Map when they run (see `treeshake` below). */
const LEAFLET_REGISTERS =
  /\/leaflet\/src\/(map\/handler\/Map\.\w+|control\/Control\.(Zoom|Attribution)|layer\/vector\/Renderer\.getRenderer)\.js$/;

/**
 * Leaflet's vector layers (and react-leaflet's components for them): only the screens that draw a line or a circle
 * (a tour, the pin picker, a followed tour's line) use them, so they are a chunk of their own.
 */
const LEAFLET_VECTOR =
  /\/node_modules\/(leaflet\/src\/(layer\/vector\/(?!SVG\.Util|Path\.)|geometry\/(LineUtil|PolyUtil)\.js)|react-leaflet\/lib\/(Polyline|Circle)\.js)|\/client\/src\/lib\/leaflet\/vector-parts\.ts$/;

/** The chunks the entry (main.tsx) imports statically, by name (the groups below and the bundler's runtime). */
const ENTRY_CHUNK = /(^|\/)(rolldown-runtime|react|query|shell)-[\w-]{8}\.js$/;

/**
 * The page's preload links for the entry's chunks at low priority (bench/README.md). The first paint is the static header
 * in index.html, which needs the page alone; the scripts are wanted right after it. At their default (high)
 * priority Lighthouse counts every one that arrives before that paint as blocking it; without the links the browser
 * learns of them only once the entry has arrived, one round trip later.
 */
function lowPriorityPagePreloads(): Plugin {
  return {
    name: 'whispers:low-priority-page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
          '<link rel="modulepreload" fetchpriority="low"',
        ),
    },
  };
}

/**
 * The entry's stylesheet written into the page (bench/README.md): the static header in index.html paints as soon as the
 * page has arrived, with no render-blocking request to wait for (nor one taking a connection from the scripts).
 * 10.8 KiB gzip; the CSP allows inline styles. The stylesheet's own file stays in the build, unreferenced.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'whispers:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/index-[\w-]+\.css)">/, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // The stylesheet has no url() to resolve against /assets/ (checked here, so a new one is not broken).
          if (/url\(/.test(css)) throw new Error(`${fileName} uses url(): its paths would not resolve inline`);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        }),
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [
    interfaceMessages(),
    lowPriorityPagePreloads(),
    inlineEntryStylesheet(),
    react(),
    tailwindcss(),
    // Installable app + service worker (docs/decisions/015-installable-offline-push.md, docs/design.md, rule 16): our own worker (push, offline answers)
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
    // The server reads it to name each map page's own chunks in the page it sends (server/src/page-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    // A lazy chunk's dependencies are preloaded with it, from a list each importing chunk carries. The chunks the
    // entry imports statically (the runtime, React, the query library, the shell) are always in by the time any
    // lazy import runs: listing them in every chunk's preload lists only adds bytes to the first screens (bench/README.md).
    // The page itself (hostType 'html') keeps its preload links for them: without those the browser learns of them
    // only once the entry has arrived and been parsed, one round trip later.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    rolldownOptions: {
      // Leaflet's source modules (the alias below) define its classes; the build may leave out any whose exports
      // nothing uses (tooltips, GeoJSON, image and video overlays, the layers control, other projections…).
      // Those that only register themselves on L.Map when they run are kept, and imported by name where a map
      // needs them (client/src/lib/leaflet/map-parts.ts, vector-parts.ts). bench/README.md: ~14 KiB gzip off both first screens.
      treeshake: {
        moduleSideEffects: (id) => (id.includes('/node_modules/leaflet/src/') ? LEAFLET_REGISTERS.test(id) : undefined),
      },
      output: {
        // Libraries in a few named chunks instead of one per shared module: fewer requests on first load (bench/README.md).
        // Leaflet's loads only with a map; zod's is the one the banner below marks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\// },
            // Mutations and infinite lists are used only by screens opened later (sign-in, likes, the full list):
            // their observers stay out of the chunk both first screens load.
            {
              name: 'query-later',
              test: /\/node_modules\/@tanstack\/(react-query\/build\/modern\/(useMutation|useInfiniteQuery)|query-core\/build\/modern\/(mutationObserver|infiniteQueryObserver))\.js$/,
              includeDependenciesRecursively: false, // their imports (the query core) stay in `query`
            },
            { name: 'query', test: /\/node_modules\/@tanstack\// },
            { name: 'leaflet-vector', test: LEAFLET_VECTOR, includeDependenciesRecursively: false },
            {
              name: 'leaflet',
              test: /\/node_modules\/(leaflet|react-leaflet|@react-leaflet)\/|\/client\/src\/lib\/leaflet\/map-parts\.ts$/,
            },
            { name: 'zod', test: /\/node_modules\/zod\// },
            // Modules both first screens (/ and /discover) load that lazy chunks share too: one chunk instead of a
            // dozen of 0.2–1.8 KiB each (every chunk costs its own imports, exports and gzip framing). Their own
            // imports come along (includeDependenciesRecursively).
            {
              name: 'shell',
              test: (id) => SHELL.some((part) => id.includes(part)),
            },
            // The home page with what it alone imports statically (the walk panel, story cards, drafts), so the page
            // is one request rather than ten.
            // The home page and what only it (and pages opened from it) imports: one request instead of ten. Its
            // imports stay where they are (no recursion), so nothing /discover or the entry needs is pulled in.
            {
              name: 'home',
              test: (id) => HOME.some((part) => id.includes(part)),
              includeDependenciesRecursively: false,
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
  resolve: {
    alias: [
      // Leaflet's own ES modules (its sources, in the package) instead of its UMD bundle (package.json "main"): the
      // bundler can leave out whole modules no map here uses (see `treeshake` above), and no global `L` is set.
      { find: /^leaflet$/, replacement: 'leaflet/src/Leaflet.js' },
      // wouter's React 17 fallback for useSyncExternalStore: React 19's own hook instead.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'client/src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
