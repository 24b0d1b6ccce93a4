/**
 * The followed tour's line on the home map (docs/decisions/016-walk-mode-and-tours.md), loaded with Leaflet after the first paint (default export,
 * lazy). Rendered inside the story map; the stops open their stories with the usual locks.
 */
import type { TourStop } from '#common/tour-schemas';
import { useTour } from '../api/tours';
import { TourLine } from './tour-line';

export default function FollowedTourLine({ tourId, onSelect }: { tourId: string; onSelect: (stop: TourStop) => void }) {
  const tour = useTour(tourId);
  if (!tour.data) return null;
  return <TourLine stops={tour.data.stops} onSelect={onSelect} />;
}
