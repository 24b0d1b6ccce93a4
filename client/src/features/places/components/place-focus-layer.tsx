import { lazy, Suspense } from 'react';
import type { Place } from '#common/place-schemas';

const PlaceFocus = lazy(() => import('./place-focus'));

/** A map layer (a child of the story map) moving it to the chosen place; its code comes with the map's. */
export function PlaceFocusLayer({ place }: { place: Place | null }) {
  if (!place) return null;
  return (
    <Suspense fallback={null}>
      <PlaceFocus place={place} />
    </Suspense>
  );
}
