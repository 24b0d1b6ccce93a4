/** Route files the route-import tests write (docs/decisions/060-story-drafts-and-routes-in.md). */

/** A GPX track north along a meridian, `points` points about 11 m apart, and no waypoint. */
export function trackGpx(points: number): string {
  const pts = Array.from(
    { length: points },
    (_, i) => `<trkpt lat="${(48.85 + i * 0.0001).toFixed(6)}" lon="2.35"><ele>35</ele></trkpt>`,
  ).join('');
  return `<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Along the river</name><trkseg>${pts}</trkseg></trk></gpx>`;
}
