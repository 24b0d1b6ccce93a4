/**
 * iOS Safari's motion access (DeviceOrientationEvent.requestPermission), apart from the compass hook so a tap can
 * ask for it without loading the hook: walk mode's toggle asks in its tap, and the compass line that uses the
 * heading loads after (bench/README.md).
 */

export type PermissionResult = 'granted' | 'denied' | 'default' | 'prompt';

export interface PermissionRequester {
  requestPermission: () => Promise<PermissionResult>;
}

/** Safari (iOS 13+) puts `requestPermission` on the DeviceOrientationEvent constructor; Chromium has it too. */
export function permissionRequester(): PermissionRequester | null {
  if (typeof window === 'undefined' || typeof window.DeviceOrientationEvent === 'undefined') return null;
  const ctor: unknown = window.DeviceOrientationEvent;
  if (typeof ctor === 'function' && 'requestPermission' in ctor && typeof ctor.requestPermission === 'function') {
    const request = ctor.requestPermission;
    return { requestPermission: () => Promise.resolve(request.call(ctor)) };
  }
  return null;
}

let asked: Promise<PermissionResult> | null = null;

/**
 * Asks for motion access; call it from the reader's tap (a browser that has decided already answers at once).
 * The compass hook, mounted after, takes this answer instead of asking again while the question is open.
 */
export function askMotionPermission(): void {
  const requester = permissionRequester();
  if (!requester) return;
  asked = requester.requestPermission();
  asked.catch(() => undefined);
}

/** The answer to the question a tap asked in this page, if one did. */
export function askedMotionPermission(): Promise<PermissionResult> | null {
  return asked;
}
