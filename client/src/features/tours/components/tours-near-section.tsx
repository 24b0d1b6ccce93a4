/** "Tours near you" on /discover (issue 25): tours with a stop within 5 km of the reader, newest first. */
import type { Point } from '#common/geo';
import { TOURS } from '#common/tours';
import { useToursNear } from '../api/tours';
import { TourCard } from './tour-card';

export function ToursNearSection({ reader }: { reader: Point | null }) {
  const tours = useToursNear(reader);
  return (
    <section aria-labelledby="tours-near-you" className="mt-8 grid gap-3">
      <h2 id="tours-near-you" className="font-display text-2xl font-semibold text-mist-100">
        Tours near you
      </h2>
      {!reader ? (
        <p className="text-sm text-mist-300">Turn on location to find walking tours around you.</p>
      ) : tours.isLoading ? (
        <p role="status" className="text-sm text-mist-300">
          Looking for tours...
        </p>
      ) : tours.error ? (
        <p role="alert" className="text-sm text-red-200">
          Failed to load tours
        </p>
      ) : (tours.data ?? []).length === 0 ? (
        <p className="text-sm text-mist-300">No walking tours within {TOURS.nearbyRadiusM / 1000} km yet. Authors make them from My Stories.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {tours.data!.map((tour) => (
            <li key={tour.id}>
              <TourCard tour={tour} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
