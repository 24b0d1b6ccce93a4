/** The tours of "Tours near you" around a known reader; loaded by tours-near-section.tsx once there is one. */
import type { Point } from '#common/geo';
import { TOURS } from '#common/tours';
import { useOnline } from '#client/lib/pwa/offline-line';
import { TOURS_NOT_LOADED_OFFLINE } from '#client/lib/pwa/offline-text';
import { useToursNear } from '../api/tours';
import { TourCard } from './tour-card';

export default function ToursNearList({ reader }: { reader: Point }) {
  const tours = useToursNear(reader);
  const online = useOnline();
  if (tours.isLoading) {
    return (
      <p role="status" className="text-sm text-mist-300">
        Looking for tours...
      </p>
    );
  }
  if (tours.error && !online) return <p className="text-sm text-mist-300">{TOURS_NOT_LOADED_OFFLINE}</p>;
  if (tours.error) {
    return (
      <p role="alert" className="text-sm text-red-200">
        Failed to load tours
      </p>
    );
  }
  if ((tours.data ?? []).length === 0) {
    return (
      <p className="text-sm text-mist-300">
        No walking tours within {TOURS.nearbyRadiusM / 1000} km yet. Authors make them from My Stories.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {tours.data!.map((tour) => (
        <li key={tour.id}>
          <TourCard tour={tour} />
        </li>
      ))}
    </ul>
  );
}
