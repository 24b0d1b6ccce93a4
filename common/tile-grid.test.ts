import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from './constants';
import { mapBoxWidth, projectToPixels, tileGrid } from './tile-grid';

const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';
// A phone's map box inside its border, in CSS px (412-px viewport, page padding, 1-px border).
const PHONE = { halfWidth: 378 / 2, halfHeight: 382 / 2 };

describe('projectToPixels', () => {
  it('puts the map at Web Mercator pixels, as Leaflet does', () => {
    expect(projectToPixels({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(projectToPixels({ latitude: 0, longitude: -180 }, 1)).toEqual({ x: 0, y: 256 });
    // Leaflet clamps to its projection's limit rather than reaching infinity at the pole.
    expect(projectToPixels({ latitude: 90, longitude: 0 }, 0).y).toBeCloseTo(0, 6);
  });
});

describe('mapBoxWidth', () => {
  it('is the viewport less the page’s padding and the border, up to the page’s column', () => {
    expect(mapBoxWidth(412)).toBe(2 * PHONE.halfWidth);
    expect(mapBoxWidth(1280)).toBe(1118);
    expect(mapBoxWidth(1920)).toBe(1118);
  });
});

describe('tileGrid', () => {
  it('places the default centre’s tiles where Leaflet drew them in a phone-sized box', () => {
    const grid = tileGrid({ template: TEMPLATE, centre: DEFAULT_CENTER, zoom: 13, dense: false, ...PHONE })!;
    expect(grid.size).toBe(256);
    // Leaflet (1.9, zoom 13, a 378 × 382 box) drew 13/2250/3324 at (54, 69) from the box's top-left corner, with
    // its pixel origin rounded; here the offsets are from the centre and unrounded.
    const centreTile = grid.tiles.find((tile) => tile.url.endsWith('/13/2250/3324.png'))!;
    expect(Math.abs(centreTile.left + PHONE.halfWidth - 54)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(centreTile.top + PHONE.halfHeight - 69)).toBeLessThanOrEqual(0.5);
    // The nine tiles Leaflet asked for: x 2249–2251, y 3323–3325.
    expect(grid.tiles.map((tile) => tile.url.replace('https://tiles.example/13/', '')).sort()).toEqual(
      [
        '2249/3323',
        '2249/3324',
        '2249/3325',
        '2250/3323',
        '2250/3324',
        '2250/3325',
        '2251/3323',
        '2251/3324',
        '2251/3325',
      ].map((t) => `${t}.png`),
    );
  });

  it('takes the next zoom’s tiles at half the size on a dense screen (detectRetina)', () => {
    const grid = tileGrid({ template: TEMPLATE, centre: DEFAULT_CENTER, zoom: 13, dense: true, ...PHONE })!;
    expect(grid.size).toBe(128);
    expect(grid.tiles.every((tile) => tile.url.startsWith('https://tiles.example/14/'))).toBe(true);
    expect(grid.tiles.some((tile) => tile.url.endsWith('/14/4500/6648.png'))).toBe(true);
    // Every tile touches the box, and together they cover it.
    for (const tile of grid.tiles) {
      expect(tile.left).toBeLessThan(PHONE.halfWidth);
      expect(tile.left + grid.size).toBeGreaterThan(-PHONE.halfWidth);
      expect(tile.top).toBeLessThan(PHONE.halfHeight);
      expect(tile.top + grid.size).toBeGreaterThan(-PHONE.halfHeight);
    }
    const lefts = grid.tiles.map((tile) => tile.left);
    const tops = grid.tiles.map((tile) => tile.top);
    expect(Math.min(...lefts)).toBeLessThanOrEqual(-PHONE.halfWidth);
    expect(Math.max(...lefts) + grid.size).toBeGreaterThanOrEqual(PHONE.halfWidth);
    expect(Math.min(...tops)).toBeLessThanOrEqual(-PHONE.halfHeight);
    expect(Math.max(...tops) + grid.size).toBeGreaterThanOrEqual(PHONE.halfHeight);
  });

  it('fills the placeholders Leaflet fills: subdomain, retina suffix, inverted y', () => {
    const grid = tileGrid({
      template: 'https://{s}.tiles.example/{z}/{x}/{-y}{r}.png',
      centre: DEFAULT_CENTER,
      zoom: 13,
      dense: true,
      halfWidth: 1,
      halfHeight: 1,
    })!;
    // One tile: x 4501, y 6648 at zoom 14; Leaflet's subdomain is (x + y) mod 3 of "abc", {-y} is 2^14 − 1 − y.
    expect(grid.tiles.map((tile) => tile.url)).toEqual([
      `https://${'abc'[(4501 + 6648) % 3]}.tiles.example/14/4501/${2 ** 14 - 1 - 6648}@2x.png`,
    ]);
  });

  it('wraps tiles across the antimeridian and keeps to the map’s rows', () => {
    const grid = tileGrid({
      template: TEMPLATE,
      centre: { latitude: 85, longitude: 179.99 },
      zoom: 1,
      dense: false,
      halfWidth: 300,
      halfHeight: 300,
    })!;
    const coords = grid.tiles.map((tile) => tile.url.replace('https://tiles.example/1/', '').replace('.png', ''));
    expect(coords.every((xy) => /^[01]\/[01]$/.test(xy))).toBe(true);
    expect(coords).toContain('0/0');
  });

  it('gives nothing for a template with a placeholder only the map’s options know', () => {
    expect(
      tileGrid({
        template: 'https://tiles.example/{z}/{x}/{y}.png?key={apikey}',
        centre: DEFAULT_CENTER,
        zoom: 13,
        dense: false,
        ...PHONE,
      }),
    ).toBeNull();
  });
});
