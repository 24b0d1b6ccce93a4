/**
 * Compass heading from DeviceOrientation readings, and its smoothing. Pure functions: the hook that listens to
 * the events (use-device-heading.ts) feeds them.
 */
import { angleDelta, normalizeDegrees } from './geometry';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The compass heading the rear camera looks along, from an *absolute* orientation (alpha measured from north).
 * Follows the W3C DeviceOrientation example: the device's back (−z) axis rotated by alpha/beta/gamma and projected
 * onto the ground, so holding the phone upright or tilted gives the camera's direction. Lying flat, the back
 * axis points at the ground and has no direction; then the top edge of the screen counts (360° − alpha, turned
 * by the screen orientation angle).
 */
export function compassHeading(alpha: number, beta: number | null, gamma: number | null, screenAngle = 0): number {
  const a = toRadians(alpha);
  const b = toRadians(beta ?? 0);
  const g = toRadians(gamma ?? 0);
  const vx = -Math.cos(a) * Math.sin(g) - Math.sin(a) * Math.sin(b) * Math.cos(g);
  const vy = -Math.sin(a) * Math.sin(g) + Math.cos(a) * Math.sin(b) * Math.cos(g);
  // Within ~10° of flat the projection is too short to trust.
  if (Math.hypot(vx, vy) < 0.17) return normalizeDegrees(360 - alpha + screenAngle);
  return normalizeDegrees((Math.atan2(vx, vy) * 180) / Math.PI);
}

/** The orientation fields the heading is read from (a DeviceOrientationEvent, plus Safari's compass field). */
export interface OrientationReading {
  type: string;
  alpha: number | null;
  beta: number | null;
  gamma: number | null;
  absolute: boolean;
  webkitCompassHeading?: number | null;
}

/**
 * The heading in a reading, or null when it has none that points north: Safari's `webkitCompassHeading` first,
 * then the alpha of an absolute reading (`deviceorientationabsolute`, or `deviceorientation` flagged absolute).
 * A relative alpha (measured from wherever the page loaded) is no compass and is ignored.
 */
export function headingFromReading(reading: OrientationReading, screenAngle = 0): number | null {
  const compass = reading.webkitCompassHeading;
  if (typeof compass === 'number' && Number.isFinite(compass) && compass >= 0) {
    return normalizeDegrees(compass + screenAngle);
  }
  const absolute = reading.type === 'deviceorientationabsolute' || reading.absolute;
  if (!absolute || typeof reading.alpha !== 'number' || !Number.isFinite(reading.alpha)) return null;
  return compassHeading(reading.alpha, reading.beta, reading.gamma, screenAngle);
}

/**
 * One step of a low-pass filter on the circle: move `factor` (0-1) of the shortest turn from `previous` towards
 * `target`, so 359° → 1° passes through 0°, never through 180°. Without a previous value the target is taken.
 */
export function smoothHeading(previous: number | null, target: number, factor: number): number {
  if (previous === null) return normalizeDegrees(target);
  const k = Math.min(1, Math.max(0, factor));
  return normalizeDegrees(previous + angleDelta(previous, target) * k);
}

/** The filter factor for `elapsedMs` since the last step with time constant `tauMs` (frame-rate independent). */
export function smoothingFactor(elapsedMs: number, tauMs: number): number {
  if (elapsedMs <= 0) return 0;
  return 1 - Math.exp(-elapsedMs / tauMs);
}
