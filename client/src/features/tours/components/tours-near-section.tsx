/** "Tours near you" on /discover (docs/decisions/016-walk-mode-and-tours.md): tours with a stop within 5 km of the reader, newest first. */
import { lazy, Suspense } from 'react';
import type { Point } from '#common/geo';

// The tours' query and cards load once the reader's position is known: without one the section is a line of
// text (bench/README.md: JavaScript before the page is idle).
const ToursNearList = lazy(() => import('./tours-near-list'));

export function ToursNearSection({ reader }: { reader: Point | null }) {
  return (
    <section aria-labelledby="tours-near-you" className="mt-8 grid gap-3">
      <h2 id="tours-near-you" className="font-display text-2xl font-semibold text-mist-100">
        Tours near you
      </h2>
      {!reader ? (
        <p className="text-sm text-mist-300">Turn on location to find walking tours around you.</p>
      ) : (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-mist-300">
              Looking for tours...
            </p>
          }
        >
          <ToursNearList reader={reader} />
        </Suspense>
      )}
    </section>
  );
}
