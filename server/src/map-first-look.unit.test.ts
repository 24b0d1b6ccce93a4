import { describe, expect, it } from 'vitest';
import { homeFirstLook, pageWithFirstLook } from './map-first-look';

const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';

/** Each tile of the first look: its URL and the media query under which it shows nothing instead. */
function pictures(html: string) {
  return [...html.matchAll(/<picture><source media="([^"]+)" srcset="data:[^"]+"><img src="([^"]+)"/g)].map(
    ([, media, url]) => ({
      media: media!,
      url: url!,
    }),
  );
}

describe('the home page’s first look', () => {
  it('holds both densities’ tiles for the widest box, each fetched only where the map shows it', () => {
    const tiles = pictures(homeFirstLook(TEMPLATE)!);
    const standard = tiles.filter((tile) => tile.url.includes('/13/'));
    const dense = tiles.filter((tile) => tile.url.includes('/14/'));
    expect(standard.length + dense.length).toBe(tiles.length);
    // A 1,118-px box and 382 px high: 5–6 columns of 256 px and 2–3 rows; 9–10 columns and 4 rows of 128 px.
    expect(standard.length).toBeGreaterThanOrEqual(10);
    expect(standard.length).toBeLessThanOrEqual(18);
    expect(dense.length).toBeGreaterThanOrEqual(36);
    expect(dense.length).toBeLessThanOrEqual(44);
    // A tile shows only on its own density…
    expect(standard.every((tile) => tile.media.startsWith('(min-resolution:1.01dppx)'))).toBe(true);
    expect(dense.every((tile) => tile.media.startsWith('not all and (min-resolution:1.01dppx)'))).toBe(true);
    // …and, away from the centre, only on a screen wide enough for the box to reach it.
    const narrowest = (media: string) => Number(/max-width:(\d+)px/.exec(media)?.[1] ?? 0);
    const standardWidths = standard.map((tile) => narrowest(tile.media));
    expect(Math.min(...standardWidths)).toBe(0);
    expect(Math.max(...standardWidths)).toBeGreaterThan(412);
    expect(Math.max(...standardWidths)).toBeLessThan(1152);
    // A 412-px phone (a 378-px box) at 1.75 device pixels reaches 4 × 4 tiles of 128 px, as Leaflet draws them.
    expect(dense.filter((tile) => narrowest(tile.media) < 412)).toHaveLength(16);
  });

  it('escapes the tile server’s URL and gives no first look for a template only Leaflet can fill', () => {
    const html = homeFirstLook('https://tiles.example/{z}/{x}/{y}.png?a="<b>&c')!;
    expect(html).not.toContain('"<b>');
    expect(html).toContain('?a=&quot;&lt;b&gt;&amp;c');
    expect(homeFirstLook('https://tiles.example/{z}/{x}/{y}.png?key={apikey}')).toBeNull();
  });

  it('goes after the page’s static header, and leaves a page without one as it is', () => {
    const page = '<html><head></head><body><div id="root"><header>Whispers</header></div></body></html>';
    expect(pageWithFirstLook(page, '<main>first look</main>')).toBe(
      '<html><head></head><body><div id="root"><header>Whispers</header><main>first look</main></div></body></html>',
    );
    const bare = '<html><head></head><body><div id="root"></div></body></html>';
    expect(pageWithFirstLook(bare, '<main>first look</main>')).toBe(bare);
    // `$&` in the markup is not read as a replacement pattern.
    expect(pageWithFirstLook(page, '<main>$&</main>')).toContain('<main>$&</main>');
  });
});
