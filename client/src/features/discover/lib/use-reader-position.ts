import { useEffect, useMemo, useState } from 'react';
import { GEOLOCATION_OPTIONS } from '#common/constants';
import type { Point } from '#common/geo';
import { useGeolocation } from '#client/lib/geolocation';

export interface ReaderPosition {
  /** Where the reader stands, or null when unknown (denied, unavailable, not answered). */
  reader: Point | null;
  /** True once the first answer (or failure) came, or after the geolocation timeout. */
  settled: boolean;
  /** The spec's geolocation error text, when there was one. */
  error: string | null;
}

/** ~11 m: GPS jitter below this does not refetch the list. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The reader's position for the discovery screen. Unlike the map's `location`, an unknown position is null here,
 * never the default centre, so nothing downstream can mistake Savannah for where the reader stands.
 */
export function useReaderPosition(): ReaderPosition {
  const geo = useGeolocation();
  // A permission prompt left unanswered does not count against the 10 s timeout: stop waiting after it anyway.
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), GEOLOCATION_OPTIONS.timeout);
    return () => clearTimeout(timer);
  }, []);
  const { isKnown, location } = geo;
  const latitude = isKnown ? round(location.latitude) : null;
  const longitude = isKnown ? round(location.longitude) : null;
  const reader = useMemo(
    () => (latitude !== null && longitude !== null ? { latitude, longitude } : null),
    [latitude, longitude],
  );
  return { reader, settled: isKnown || !geo.isLoading || waitedEnough, error: geo.error };
}
