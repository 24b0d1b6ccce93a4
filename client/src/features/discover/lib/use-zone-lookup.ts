import { useEffect, useState } from 'react';
import type { ZoneOf } from './story-status';

let loaded: ZoneOf | null = null;

/**
 * tz-lookup (about 30 KiB gzip of zone borders), downloaded only once the list holds a story with a daily time
 * window — most screens have none (bench/README.md: JavaScript before the page is idle). Null until it is there.
 */
export function useZoneLookup(needed: boolean): ZoneOf | null {
  const [zoneOf, setZoneOf] = useState<ZoneOf | null>(() => loaded);
  useEffect(() => {
    if (!needed || zoneOf) return;
    let live = true;
    void import('tz-lookup').then((module) => {
      loaded = module.default;
      if (live) setZoneOf(() => module.default);
    });
    return () => {
      live = false;
    };
  }, [needed, zoneOf]);
  return zoneOf;
}
