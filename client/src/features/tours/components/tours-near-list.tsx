/** The tours of "Tours near you" around a known reader; loaded by tours-near-section.tsx once there is one. */
import type { Point } from '#common/geo';
import { TOURS } from '#common/tours';
import { useOnline } from '#client/lib/pwa/offline-line';
import { toursNotLoadedOffline } from '#client/lib/pwa/offline-text';
import { useT } from '#client/lib/i18n/use-t';
import { useToursNear } from '../api/tours';
import { TourCard } from './tour-card';

export default function ToursNearList({ reader }: { reader: Point }) {
  const tours = useToursNear(reader);
  const online = useOnline();
  const t = useT();
  if (tours.isLoading) {
    return (
      <p role="status" className="text-sm text-mist-300">
        {t('tours.looking')}
      </p>
    );
  }
  if (tours.error && !online) return <p className="text-sm text-mist-300">{toursNotLoadedOffline()}</p>;
  if (tours.error) {
    return (
      <p role="alert" className="text-sm text-red-200">
        {t('tours.failed')}
      </p>
    );
  }
  if ((tours.data ?? []).length === 0) {
    return <p className="text-sm text-mist-300">{t('tours.noneNear', { km: TOURS.nearbyRadiusM / 1000 })}</p>;
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
