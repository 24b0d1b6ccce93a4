/**
 * Browser geolocation with the spec's options (high accuracy, 10 s timeout, 60 s cache) and its error texts
 * (docs/design.md, part 8). `useGeolocation` falls back to the default centre (Savannah) so the app always works — as an area to look at,
 * never as the reader's position (`isKnown` false: the lists use the positionless read, nothing unlocks).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { DEFAULT_CENTER, GEOLOCATION_OPTIONS } from '#common/constants';
import type { Point } from '#common/geo';
import { translate } from '#client/lib/i18n/i18n';

/** Read when an error happens, so it is worded in the language of that moment. */
const GEOLOCATION_ERRORS = {
  get unsupported() {
    return translate('lib.geoUnsupported');
  },
  get denied() {
    return translate('lib.geoDenied');
  },
  get unavailable() {
    return translate('lib.geoUnavailable');
  },
  get timeout() {
    return translate('lib.geoTimeout');
  },
  get unknown() {
    return translate('lib.geoUnknown');
  },
};

class GeolocationError extends Error {}

function messageFor(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return GEOLOCATION_ERRORS.denied;
    case error.POSITION_UNAVAILABLE:
      return GEOLOCATION_ERRORS.unavailable;
    case error.TIMEOUT:
      return GEOLOCATION_ERRORS.timeout;
    default:
      return GEOLOCATION_ERRORS.unknown;
  }
}

/** A position with the fix's accuracy radius in metres (the server judges claims by it, docs/security.md, "Location: a position is a claim"). */
export type Fix = Point & { accuracy: number | null };

// The latest fix's accuracy, for the lock texts ("GPS accuracy ±N m") wherever a story is shown.
let latestAccuracy: number | null = null;
const accuracyListeners = new Set<() => void>();
function publishAccuracy(accuracy: number | null) {
  latestAccuracy = accuracy;
  for (const listener of accuracyListeners) listener();
}

/** The accuracy (metres) of the reader's latest fix, or null when none is known. */
export function useReaderAccuracy(): number | null {
  return useSyncExternalStore(
    (listener) => {
      accuracyListeners.add(listener);
      return () => accuracyListeners.delete(listener);
    },
    () => latestAccuracy,
  );
}

const accuracyOf = (position: GeolocationPosition) =>
  Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null;

/** One position request; rejects with a GeolocationError carrying the spec's message. */
export function requestPosition(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new GeolocationError(GEOLOCATION_ERRORS.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        publishAccuracy(accuracyOf(position));
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: accuracyOf(position),
        });
      },
      (error) => reject(new GeolocationError(messageFor(error))),
      GEOLOCATION_OPTIONS,
    );
  });
}

interface GeolocationState {
  /** The reader's position, or the default centre until/unless one is known. */
  location: Point;
  /** True when `location` is a real reading. */
  isKnown: boolean;
  /** The reading's accuracy radius in metres, or null. */
  accuracy: number | null;
  isLoading: boolean;
  error: string | null;
}

/** Watches the reader's position; a new reading replaces the old one (the map recentres on it). */
export function useGeolocation(): GeolocationState {
  const [state, setState] = useState<GeolocationState>({
    location: { ...DEFAULT_CENTER },
    isKnown: false,
    accuracy: null,
    isLoading: true,
    error: null,
  });
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState((s) => ({ ...s, isLoading: false, error: GEOLOCATION_ERRORS.unsupported }));
      return;
    }
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        publishAccuracy(accuracyOf(position));
        setState({
          location: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          isKnown: true,
          accuracy: accuracyOf(position),
          isLoading: false,
          error: null,
        });
      },
      (error) => setState((s) => ({ ...s, isLoading: false, error: messageFor(error) })),
      GEOLOCATION_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(watchId);
  }, []);
  return state;
}
