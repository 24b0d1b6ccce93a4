/**
 * The compass heading of the rear camera, from DeviceOrientation events, smoothed so markers glide instead of
 * jittering. Status follows the spec's calibration: "calibrating" until a heading arrives or 3 s pass.
 */
import { useCallback, useEffect, useState } from 'react';
import { AR } from '#common/constants';
import { angleDelta } from '../lib/geometry';
import { headingFromReading, smoothHeading, smoothingFactor } from '../lib/heading';
import { askedMotionPermission, permissionRequester } from '../lib/motion-permission';

type HeadingStatus =
  /** iOS: a tap must ask for motion access first. */
  | 'needs-permission'
  | 'denied'
  | 'calibrating'
  | 'live'
  /** No orientation data within the calibration time (desktops, browsers without sensors). */
  | 'unavailable';

export interface DeviceHeading {
  status: HeadingStatus;
  /** Smoothed degrees clockwise from north, or null before the first reading. */
  heading: number | null;
  /** iOS only: ask for motion access; call it from the user's tap. */
  requestPermission: () => Promise<void>;
}

/** Time constant of the low-pass filter: ~63 % of a turn shows within this many milliseconds. */
const SMOOTHING_MS = 150;
/** Below this difference (degrees) the filter snaps to the reading and stops drawing frames. */
const SETTLED_DEG = 0.05;

function screenAngle(): number {
  return typeof screen !== 'undefined' && screen.orientation ? screen.orientation.angle : 0;
}

function compassField(event: DeviceOrientationEvent): number | null {
  return 'webkitCompassHeading' in event && typeof event.webkitCompassHeading === 'number'
    ? event.webkitCompassHeading
    : null;
}

export function useDeviceHeading(enabled = true): DeviceHeading {
  // 'checking': asking once without a tap. Chromium has requestPermission too and answers from its motion-sensor
  // setting at once; Safari answers without a tap only if the reader decided before in this session, else it
  // rejects and the "Enable Compass" tap is needed.
  const [permission, setPermission] = useState<'checking' | 'unknown' | 'granted' | 'denied'>(() =>
    permissionRequester() ? 'checking' : 'granted',
  );
  const [heading, setHeading] = useState<number | null>(null);
  const [calibrationOver, setCalibrationOver] = useState(false);

  const requestPermission = useCallback(async () => {
    const requester = permissionRequester();
    if (!requester) return setPermission('granted');
    try {
      setPermission((await requester.requestPermission()) === 'granted' ? 'granted' : 'denied');
    } catch {
      setPermission('denied');
    }
  }, []);

  useEffect(() => {
    const requester = permissionRequester();
    if (permission !== 'checking' || !requester) return;
    let cancelled = false;
    (askedMotionPermission() ?? requester.requestPermission()).then(
      (result) =>
        !cancelled && setPermission(result === 'granted' ? 'granted' : result === 'denied' ? 'denied' : 'unknown'),
      () => !cancelled && setPermission('unknown'),
    );
    return () => {
      cancelled = true;
    };
  }, [permission]);

  useEffect(() => {
    if (!enabled || permission !== 'granted') return;
    setCalibrationOver(false);
    const timer = window.setTimeout(() => setCalibrationOver(true), AR.calibrationMs);
    if (typeof window.DeviceOrientationEvent === 'undefined') return () => window.clearTimeout(timer);

    let target: number | null = null;
    let current: number | null = null;
    let lastFrame = 0;
    let frame = 0;
    // One filter step per animation frame (not per event): the same smoothing at 20 or 120 events a second,
    // and at most one React update per frame.
    const step = (now: number) => {
      frame = 0;
      if (target === null) return;
      current = smoothHeading(current, target, current === null ? 1 : smoothingFactor(now - lastFrame, SMOOTHING_MS));
      lastFrame = now;
      if (Math.abs(angleDelta(current, target)) < SETTLED_DEG) current = target;
      setHeading(current);
      if (current !== target) frame = requestAnimationFrame(step);
    };
    const onReading = (event: DeviceOrientationEvent) => {
      const value = headingFromReading(
        {
          type: event.type,
          alpha: event.alpha,
          beta: event.beta,
          gamma: event.gamma,
          absolute: event.absolute,
          webkitCompassHeading: compassField(event),
        },
        screenAngle(),
      );
      if (value === null) return;
      target = value;
      if (!frame) {
        lastFrame = performance.now();
        frame = requestAnimationFrame(step);
      }
    };
    // Chrome fires `deviceorientationabsolute` (alpha from north); Safari adds webkitCompassHeading and Firefox
    // sets `absolute` on plain `deviceorientation`. Relative readings are ignored by headingFromReading.
    window.addEventListener('deviceorientationabsolute', onReading);
    window.addEventListener('deviceorientation', onReading);
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener('deviceorientationabsolute', onReading);
      window.removeEventListener('deviceorientation', onReading);
    };
  }, [enabled, permission]);

  const status: HeadingStatus =
    permission === 'checking'
      ? 'calibrating'
      : permission === 'unknown'
        ? 'needs-permission'
        : permission === 'denied'
          ? 'denied'
          : heading !== null
            ? 'live'
            : calibrationOver
              ? 'unavailable'
              : 'calibrating';
  return { status, heading, requestPermission };
}
