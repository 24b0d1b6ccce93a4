/**
 * Browser geolocation with the spec's options (high accuracy, 10 s timeout, 60 s cache) and its error texts
 * (spec section 8). `useGeolocation` falls back to the default centre (Savannah) so the app always works.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_CENTER, GEOLOCATION_OPTIONS } from '#common/constants';
import type { Location } from '#common/schemas';

const GEOLOCATION_ERRORS = {
  unsupported: 'Geolocation is not supported by this browser.',
  denied: 'User denied the request for Geolocation.',
  unavailable: 'Location information is unavailable.',
  timeout: 'The request to get user location timed out.',
  unknown: 'An unknown error occurred.',
} as const;

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

/** One position request; rejects with a GeolocationError carrying the spec's message. */
export function requestPosition(): Promise<Location> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new GeolocationError(GEOLOCATION_ERRORS.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new GeolocationError(messageFor(error))),
      GEOLOCATION_OPTIONS,
    );
  });
}

interface GeolocationState {
  /** The reader's position, or the default centre until/unless one is known. */
  location: Location;
  /** True when `location` is a real reading. */
  isKnown: boolean;
  isLoading: boolean;
  error: string | null;
}

/** Watches the reader's position; a new reading replaces the old one (the map recentres on it). */
export function useGeolocation(): GeolocationState {
  const [state, setState] = useState<GeolocationState>({
    location: { ...DEFAULT_CENTER },
    isKnown: false,
    isLoading: true,
    error: null,
  });
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState((s) => ({ ...s, isLoading: false, error: GEOLOCATION_ERRORS.unsupported }));
      return;
    }
    const watchId = navigator.geolocation.watchPosition(
      (position) =>
        setState({
          location: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          isKnown: true,
          isLoading: false,
          error: null,
        }),
      (error) => setState((s) => ({ ...s, isLoading: false, error: messageFor(error) })),
      GEOLOCATION_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(watchId);
  }, []);
  return state;
}
