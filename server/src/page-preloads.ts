/**
 * Each map page's own chunks named in the page the server sends (bench/README.md). `/discover`'s first screen waits for the
 * map's tiles, and the map's code would otherwise be asked for only once the entry's scripts have arrived and run
 * (client/src/app/router.tsx `preloadPage`): a round trip and a script's evaluation later. The home page carries its
 * map's first tiles itself (decision 028), so it names only its own chunk (common/map-pages.ts). The links come
 * from the build's manifest (vite.config.ts `build.manifest`) and are at low priority like the entry's own, so they
 * do not compete with what the first paint needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAP_PAGE_CHUNKS, type MapPage } from '#common/map-pages';

/** One chunk in Vite's build manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The client build's manifest, or undefined for a build without one (the pages then carry no extra links). */
export function readBuildManifest(clientDir: string): BuildManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return undefined;
  }
}

/**
 * The page with preload links for `page`'s chunks, everything they import and their stylesheets, before `</head>`.
 * A file the page already names (the entry's chunks and stylesheet) is not named twice.
 */
export function pageWithPreloads(html: string, manifest: BuildManifest, page: MapPage): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  for (const name of MAP_PAGE_CHUNKS[page]) visit(Object.values(manifest).find((chunk) => chunk.name === name));
  const named = (file: string) => html.includes(`/${file}"`);
  // crossorigin as Vite's own loader asks for them (module scripts and the stylesheets it inserts), so the
  // browser uses what was preloaded.
  const links = [
    ...[...styles]
      .filter((file) => !named(file))
      .map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
    ...[...scripts]
      .filter((file) => !named(file))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', () => `${links.join('')}</head>`);
}
