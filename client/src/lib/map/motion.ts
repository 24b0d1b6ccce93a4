/**
 * A reader who asks the system for less motion gets a map that jumps instead of gliding: no fly-to, no zoom or
 * fade animation, no marker sliding (WCAG 2.2, 2.3.3; docs/accessibility.md). Read when a map is made or moved, so
 * a change of the setting holds from the next map on.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Leaflet's animation options for a new map, off when the reader asks for less motion. */
export function mapMotionOptions(): { zoomAnimation: boolean; fadeAnimation: boolean; markerZoomAnimation: boolean } {
  const animate = !prefersReducedMotion();
  return { zoomAnimation: animate, fadeAnimation: animate, markerZoomAnimation: animate };
}
