/** A tour in a list ("Tours near you", My Stories): title, stops, length and walking time, how far its nearest stop is. */
import { Route } from 'lucide-react';
import { Link } from 'wouter';
import { formatDistance } from '#common/notifications';
import { tourLength } from '#client/lib/i18n/tour-words';
import { nearPlace } from '#client/lib/i18n/lock-words';
import type { TourSummary } from '#common/tour-schemas';
import { paths } from '#client/config/paths';
import { currentLocale } from '#client/lib/i18n/i18n';
import { formatDistanceFor } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';

export function TourCard({ tour, notice }: { tour: TourSummary; notice?: string | null }) {
  const t = useT();
  return (
    <Link
      href={paths.tour(tour.id)}
      className="grid gap-1 rounded-2xl border border-night-700 bg-night-900/70 p-4 transition-colors hover:border-glow-500/60 focus-visible:outline-2 focus-visible:outline-glow-400"
    >
      <span className="flex items-center gap-2 font-display text-lg font-semibold text-mist-100">
        <Route className="h-5 w-5 shrink-0 text-glow-300" aria-hidden />
        {tour.title}
      </span>
      <span className="text-sm text-mist-300">
        {t('tours.cardStops', {
          count: tour.stopCount,
          length: tourLength(t, tour.lengthM, tour.walkingMinutes),
        })}
        {tour.distance !== null &&
          t('tours.nearestStop', {
            distance: currentLocale() === 'en' ? formatDistance(tour.distance) : formatDistanceFor(tour.distance),
          })}
      </span>
      <span className="text-sm text-mist-300">
        {t('tours.byAuthor', { author: tour.author.displayName ?? t('tours.anonymous') })}
        {tour.placeName && t('tours.starts', { place: nearPlace(t, tour.placeName) })}
      </span>
      {notice && <span className="text-sm text-ember-400">{notice}</span>}
    </Link>
  );
}
