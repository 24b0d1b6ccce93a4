/**
 * Where the AR view draws its story markers (docs/design.md, parts 2 and 9): one pure function from the reader's
 * position, the compass heading and the stories to the marker boxes on screen.
 */
import { AR, DISCOVERY_RADIUS_M } from '#common/constants';
import { haversineMetres, type Point } from '#common/geo';
import { angleDelta } from './geometry';
import { bearingDegrees } from '#common/geo';

/** What the layout needs of a story (the server's `isLocked` decides the look; it is never re-decided here). */
export interface ArStory extends Point {
  id: string;
  title: string;
  isLocked: boolean;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface LayoutInput<S extends ArStory> {
  reader: Point;
  /** Degrees clockwise from north the camera looks along. */
  heading: number;
  stories: readonly S[];
  /** At most this many markers (the count selector; "All" is AR.maxCount). */
  count: number;
  /** Screen size in CSS pixels: overlap is measured in pixels, positions are given in percent. */
  viewport: Viewport;
}

export interface MarkerBox<S extends ArStory> {
  story: S;
  /** The title cut to AR.titleMaxChars characters. */
  label: string;
  locked: boolean;
  distance: number;
  bearing: number;
  /** Bearing minus heading, in (-180, 180]; negative is left of centre. */
  offset: number;
  /** Centre of the marker's circle in percent of the screen width / height (the labels hang below). */
  x: number;
  y: number;
  /** Width and height of the marker in pixels. */
  size: number;
  /** 0 = at its bearing; 1 and 2 = moved right / left of another marker it overlapped. */
  column: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A title cut to at most `max` characters (by code point, so an emoji is never split), with "…" when cut. */
export function truncateLabel(title: string, max: number = AR.titleMaxChars): string {
  const chars = Array.from(title.trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** Marker scale: 1000 / distance with the distance floored at 100 m, clamped to 0.7-1.3. */
export function markerScale(distance: number): number {
  return clamp(AR.scaleDistanceM / Math.max(distance, AR.minDistanceM), AR.minScale, AR.maxScale);
}

/** Marker size in pixels: the clamped scale mapped linearly onto 50-80 px (near stories are bigger). */
export function markerSize(distance: number): number {
  const t = (markerScale(distance) - AR.minScale) / (AR.maxScale - AR.minScale);
  return AR.markerMinPx + t * (AR.markerMaxPx - AR.markerMinPx);
}

/** Horizontal centre in percent: −60° at the left edge, the heading in the middle, +60° at the right; clamped. */
export function markerX(offset: number): number {
  const [min, max] = AR.xRangePercent;
  return clamp(50 + (offset / AR.fovDegrees) * 50, min, max);
}

/** Vertical centre in percent: near stories low on the screen, those at the edge of the radius near the top. */
export function markerY(distance: number): number {
  const [top, bottom] = AR.yRangePercent;
  return clamp(bottom - (distance / DISCOVERY_RADIUS_M) * (bottom - top), top, bottom);
}

/** A marker's title and distance hang below its circle; they count towards overlap too (pixels). */
const LABEL_HEIGHT_PX = 36;
/** About the width of a 12-character label plus its ellipsis at 12 px. */
export const LABEL_WIDTH_PX = 88;

/** A rectangle by its centre and size, in pixels. */
export interface Rect {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

/** The screen rectangle a marker covers: its circle centred on (x, y) px and the labels below it. */
export function markerRect(x: number, y: number, size: number): Rect {
  const height = size + LABEL_HEIGHT_PX;
  return { cx: x, cy: y - size / 2 + height / 2, width: Math.max(size, LABEL_WIDTH_PX), height };
}

/** The title and distance below a marker's circle: they must never cross another marker's (docs/decisions/014-phone-round-2.md). */
export function labelRect(x: number, y: number, size: number): Rect {
  return { cx: x, cy: y + size / 2 + LABEL_HEIGHT_PX / 2, width: LABEL_WIDTH_PX, height: LABEL_HEIGHT_PX };
}

/** The share of the smaller of two rectangles covered by the other (0 = apart, 1 = one inside the other). */
export function overlapRatio(a: Rect, b: Rect): number {
  const w = Math.min(a.cx + a.width / 2, b.cx + b.width / 2) - Math.max(a.cx - a.width / 2, b.cx - b.width / 2);
  const h = Math.min(a.cy + a.height / 2, b.cy + b.height / 2) - Math.max(a.cy - a.height / 2, b.cy - b.height / 2);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height);
}

/**
 * The markers to draw: the stories within the radius and within 60° of the heading, nearest first, at most
 * `count`. Each sits at its bearing (x) and distance (y); one whose circle and labels overlap an already placed
 * marker's by more than 15 % (of the smaller), or whose labels cross another marker's labels at all, moves to the
 * next of up to 3 columns (its own, one marker width right, one left), then the same columns one marker higher;
 * if none is free it is left out — the farther story gives way, so no two labels are ever drawn over each other
 * (docs/decisions/014-phone-round-2.md). The list view still has every story.
 */
export function layoutMarkers<S extends ArStory>({
  reader,
  heading,
  stories,
  count,
  viewport,
}: LayoutInput<S>): MarkerBox<S>[] {
  const limit = clamp(Math.floor(count), 0, AR.maxCount);
  const inView = stories
    .map((story) => {
      const distance = haversineMetres(reader, story);
      const bearing = bearingDegrees(reader, story);
      return { story, distance, bearing, offset: angleDelta(heading, bearing) };
    })
    .filter((s) => s.distance <= DISCOVERY_RADIUS_M && Math.abs(s.offset) <= AR.fovDegrees)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit);

  const [xMin, xMax] = AR.xRangePercent;
  const [yMin] = AR.yRangePercent;
  const placed: { rect: Rect; label: Rect; marker: MarkerBox<S> }[] = [];
  for (const s of inView) {
    const size = markerSize(s.distance);
    const x = markerX(s.offset);
    const y0 = markerY(s.distance);
    // Column k shifts by one marker width plus a small gap: 0 → none, 1 → right, 2 → left.
    const step = ((markerRect(0, 0, size).width + 8) / viewport.width) * 100;
    const rise = ((size + LABEL_HEIGHT_PX + 4) / viewport.height) * 100;
    let chosen: { column: number; x: number; y: number; rect: Rect; label: Rect } | null = null;
    search: for (const y of [y0, Math.max(yMin, y0 - rise)]) {
      const yPx = (y / 100) * viewport.height;
      for (let column = 0; column < AR.columns; column++) {
        const shift =
          column === 0 ? 0 : column % 2 === 1 ? step * Math.ceil(column / 2) : -step * Math.ceil(column / 2);
        const cx = clamp(x + shift, xMin, xMax);
        const xPx = (cx / 100) * viewport.width;
        const rect = markerRect(xPx, yPx, size);
        const label = labelRect(xPx, yPx, size);
        const clear = placed.every(
          (p) => overlapRatio(rect, p.rect) <= AR.overlapThreshold && overlapRatio(label, p.label) === 0,
        );
        if (clear) {
          chosen = { column, x: cx, y, rect, label };
          break search;
        }
      }
    }
    if (!chosen) continue;
    const marker: MarkerBox<S> = {
      story: s.story,
      label: truncateLabel(s.story.title),
      locked: s.story.isLocked,
      distance: s.distance,
      bearing: s.bearing,
      offset: s.offset,
      x: chosen.x,
      y: chosen.y,
      size,
      column: chosen.column,
    };
    placed.push({ rect: chosen.rect, label: chosen.label, marker });
  }
  return placed.map((p) => p.marker);
}
