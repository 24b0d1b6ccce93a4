import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { DEFAULT_ZOOM } from '#common/constants';
import type { Place } from '#common/place-schemas';

/**
 * Inside a map: moves it to the place chosen in "Jump to a place" (at the map's usual zoom for a town). A map move
 * only — the map's own viewport watcher then loads that area's stories; the reader's position is not touched.
 * Default export: loaded with the map (react-leaflet), never before it.
 */
export default function PlaceFocus({ place }: { place: Place }) {
  const map = useMap();
  useEffect(() => {
    map.setView([place.latitude, place.longitude], DEFAULT_ZOOM);
  }, [map, place]);
  return null;
}
