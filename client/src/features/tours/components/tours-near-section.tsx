/** "Tours near you" on /discover (docs/decisions/016-walk-mode-and-tours.md): tours with a stop within 5 km of the reader, newest first. */
import { lazy, Suspense } from 'react';
import type { Point } from '#common/geo';
import { useT } from '#client/lib/i18n/use-t';

// The tours' query and cards load once the reader's position is known: without one the section is a line of
// text (bench/README.md: JavaScript before the page is idle).
const ToursNearList = lazy(() => import('./tours-near-list'));

export function ToursNearSection({ reader }: { reader: Point | null }) {
  const t = useT();
  return (
    <section aria-labelledby="tours-near-you" className="mt-8 grid gap-3">
      <h2 id="tours-near-you" className="font-display text-2xl font-semibold text-mist-100">
        {t('tours.nearYou')}
      </h2>
      {!reader ? (
        <p className="text-sm text-mist-300">{t('tours.turnOnLocation')}</p>
      ) : (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-mist-300">
              {t('tours.looking')}
            </p>
          }
        >
          <ToursNearList reader={reader} />
        </Suspense>
      )}
    </section>
  );
}
