import { describe, expect, it } from 'vitest';
import { AR } from '#common/constants';
import { offsetEast, offsetNorth, type Point } from '#common/geo';
import {
  LABEL_WIDTH_PX,
  layoutMarkers,
  markerRect,
  markerScale,
  markerSize,
  markerX,
  markerY,
  overlapRatio,
  labelRect,
  truncateLabel,
  type ArStory,
} from './layout';

const READER = { latitude: 32.0835, longitude: -81.0998 };
const PHONE = { width: 390, height: 844 };

let next = 0;
function story(at: Point, fields: Partial<ArStory> = {}): ArStory {
  next += 1;
  return { id: `s${next}`, title: `Story ${next}`, isLocked: false, ...at, ...fields };
}

/** A story `metres` away from the reader at compass `bearing` (flat-earth offset, fine at these distances). */
function at(bearing: number, metres: number, fields: Partial<ArStory> = {}): ArStory {
  const rad = (bearing * Math.PI) / 180;
  return story(offsetEast(offsetNorth(READER, Math.cos(rad) * metres), Math.sin(rad) * metres), fields);
}

const layout = (heading: number, stories: ArStory[], count: number = AR.maxCount) =>
  layoutMarkers({ reader: READER, heading, stories, count, viewport: PHONE });

describe('field of view', () => {
  it('shows stories within 60° either side of the heading only', () => {
    const ahead = at(90, 300);
    const edge = at(149, 300);
    const behind = at(270, 300);
    const justOut = at(152, 300);
    const ids = layout(90, [ahead, edge, behind, justOut]).map((m) => m.story.id);
    expect(ids.sort()).toEqual([ahead.id, edge.id].sort());
  });

  it('wraps around north: heading 350° sees a story at 30°, heading 10° sees one at 320°', () => {
    const east = at(30, 400);
    const west = at(320, 400);
    expect(
      layout(350, [east, west])
        .map((m) => m.story.id)
        .sort(),
    ).toEqual([east.id, west.id].sort());
    const fromTen = layout(10, [west]);
    expect(fromTen).toHaveLength(1);
    expect(fromTen[0]!.offset).toBeCloseTo(-50, 0);
    // Heading 0 and 360 are the same direction.
    const zero = layout(0, [west, east]);
    const full = layout(360, [west, east]);
    expect(full.map((m) => m.story.id)).toEqual(zero.map((m) => m.story.id));
    full.forEach((m, i) => expect(m.x).toBeCloseTo(zero[i]!.x, 9));
  });

  it('places by bearing: left of centre, centre, right of centre', () => {
    const [left, centre, right] = [at(330, 500), at(0, 510), at(30, 520)];
    const byId = new Map(layout(0, [left, centre, right]).map((m) => [m.story.id, m]));
    expect(byId.get(centre.id)!.x).toBeCloseTo(50, 0);
    expect(byId.get(left.id)!.x).toBeCloseTo(25, 0);
    expect(byId.get(right.id)!.x).toBeCloseTo(75, 0);
  });

  it('leaves out stories beyond 1500 m', () => {
    expect(layout(0, [at(0, 1600)])).toEqual([]);
  });
});

describe('count', () => {
  it('keeps the nearest stories in view, at most `count`, and never more than 12', () => {
    const stories = [at(0, 900), at(5, 200), at(-5, 600), at(180, 50), at(10, 1200)];
    expect(layout(0, stories, 3).map((m) => Math.round(m.distance))).toEqual([200, 600, 900]);
    expect(layout(0, stories, 1)).toHaveLength(1);
    const many = Array.from({ length: 20 }, (_, i) => at(-50 + i * 5, 200 + i * 60));
    expect(layout(0, many, 99).length).toBeLessThanOrEqual(AR.maxCount); // fewer when labels would cross (docs/decisions/014-phone-round-2.md)
  });
});

describe('sizing', () => {
  it('scales by 1000 / distance, the distance floored at 100 m, clamped to 0.7-1.3', () => {
    expect(markerScale(1000)).toBe(1);
    expect(markerScale(800)).toBeCloseTo(1.25, 9);
    expect(markerScale(10)).toBe(1.3);
    expect(markerScale(0)).toBe(1.3);
    expect(markerScale(1400)).toBeCloseTo(0.714, 3);
    expect(markerScale(1500)).toBe(0.7);
  });

  it('maps the scale onto 50-80 px', () => {
    expect(markerSize(50)).toBe(80);
    expect(markerSize(1500)).toBe(50);
    expect(markerSize(1000)).toBeCloseTo(65, 9);
    for (const d of [0, 120, 400, 900, 1300, 5000]) {
      expect(markerSize(d)).toBeGreaterThanOrEqual(AR.markerMinPx);
      expect(markerSize(d)).toBeLessThanOrEqual(AR.markerMaxPx);
    }
    expect(markerSize(200)).toBeGreaterThan(markerSize(1200));
  });
});

describe('clamping', () => {
  it('keeps x within 10-90 % and y within 20-70 %', () => {
    expect(markerX(-60)).toBe(10);
    expect(markerX(60)).toBe(90);
    expect(markerX(0)).toBe(50);
    expect(markerY(0)).toBe(70);
    expect(markerY(1500)).toBe(20);
    expect(markerY(9000)).toBe(20);
    for (const m of layout(0, [at(-59, 20), at(59, 1499), at(0, 5)])) {
      expect(m.x).toBeGreaterThanOrEqual(10);
      expect(m.x).toBeLessThanOrEqual(90);
      expect(m.y).toBeGreaterThanOrEqual(20);
      expect(m.y).toBeLessThanOrEqual(70);
    }
  });

  it('puts nearer stories lower on the screen', () => {
    const [near, far] = [at(0, 150), at(2, 1100)];
    const byId = new Map(layout(0, [near, far]).map((m) => [m.story.id, m]));
    expect(byId.get(near.id)!.y).toBeGreaterThan(byId.get(far.id)!.y);
  });
});

describe('overlap columns', () => {
  it('measures overlap as a share of the smaller rectangle', () => {
    const square = (cx: number, cy: number, side: number) => ({ cx, cy, width: side, height: side });
    expect(overlapRatio(square(0, 0, 50), square(0, 0, 80))).toBe(1);
    expect(overlapRatio(square(0, 0, 50), square(50, 0, 50))).toBe(0);
    expect(overlapRatio(square(0, 0, 50), square(25, 0, 50))).toBeCloseTo(0.5, 9);
  });

  it('counts the labels below the circle as part of the marker', () => {
    const rect = markerRect(100, 200, 60);
    expect(rect.width).toBe(LABEL_WIDTH_PX);
    expect(rect.cy - rect.height / 2).toBe(170);
    expect(rect.height).toBeGreaterThan(60);
    // A circle just below another's circle still collides with its labels.
    expect(overlapRatio(markerRect(100, 200, 60), markerRect(100, 265, 60))).toBeGreaterThan(0.15);
  });

  it('moves a marker that overlaps by more than 15 % to the next column', () => {
    const first = at(0, 300);
    const second = at(0.5, 305);
    const [a, b] = layout(0, [first, second]);
    expect(a!.story.id).toBe(first.id);
    expect(a!.column).toBe(0);
    expect(b!.column).toBe(1);
    expect(b!.x).toBeGreaterThan(a!.x);
    const rect = (m: typeof a) => markerRect((m!.x / 100) * PHONE.width, (m!.y / 100) * PHONE.height, m!.size);
    expect(overlapRatio(rect(a), rect(b))).toBeLessThanOrEqual(AR.overlapThreshold);
  });

  it('uses up to 3 columns, then the same columns one marker higher, then leaves the farther story out', () => {
    const stacked = [
      at(0, 300),
      at(0.2, 301),
      at(-0.2, 302),
      at(0.1, 303),
      at(0, 304),
      at(0, 305),
      at(0, 306),
      at(0, 307),
    ];
    const placed = layout(0, stacked);
    expect(placed.slice(0, 3).map((m) => m.column)).toEqual([0, 1, 2]);
    expect(placed[3]!.y).toBeLessThan(placed[0]!.y);
    expect(placed.length).toBeLessThanOrEqual(6);
    // The nearest are kept; no two labels cross.
    expect(placed[0]!.story.id).toBe(stacked[0]!.id);
    const label = (m: (typeof placed)[number]) =>
      labelRect((m.x / 100) * PHONE.width, (m.y / 100) * PHONE.height, m.size);
    for (const a of placed) for (const b of placed) if (a !== b) expect(overlapRatio(label(a), label(b))).toBe(0);
  });

  it('leaves markers whose labels do not cross where they are', () => {
    // Same distance, 90 px apart on a 390 px screen: the 88-px labels stay apart.
    const a = at(0, 1450);
    const offsetDeg = (90 / 390) * 2 * AR.fovDegrees;
    const b = at(offsetDeg, 1450);
    expect(layout(0, [a, b]).map((m) => m.column)).toEqual([0, 0]);
  });

  it('keeps a near story and one just behind it apart (the labels collided before)', () => {
    // Seen in the e2e seed: 30 m at 10° and 250 m at 0° drew the farther title under the nearer circle.
    const [near, behind] = layout(0, [at(10, 30), at(0, 250)]);
    const rect = (m: typeof near) => markerRect((m!.x / 100) * PHONE.width, (m!.y / 100) * PHONE.height, m!.size);
    expect(overlapRatio(rect(near), rect(behind))).toBeLessThanOrEqual(AR.overlapThreshold);
  });
});

describe('labels and lock look', () => {
  it('truncates titles at 12 characters', () => {
    expect(truncateLabel('Short')).toBe('Short');
    expect(truncateLabel('Exactly12chr')).toBe('Exactly12chr');
    expect(truncateLabel('The Whispering Oak')).toBe('The Whisperi…');
    expect(truncateLabel('🌙🌙🌙🌙🌙🌙🌙🌙🌙🌙🌙🌙🌙')).toBe(`${'🌙'.repeat(12)}…`);
    const [m] = layout(0, [at(0, 200, { title: 'A very long story title' })]);
    expect(m!.label).toBe('A very long …');
  });

  it("takes the lock from the server's isLocked as it is", () => {
    const lockedNear = at(0, 20, { isLocked: true });
    const openFar = at(10, 900, { isLocked: false });
    const byId = new Map(layout(0, [lockedNear, openFar]).map((m) => [m.story.id, m]));
    expect(byId.get(lockedNear.id)!.locked).toBe(true);
    expect(byId.get(openFar.id)!.locked).toBe(false);
  });
});
