import { Download } from 'lucide-react';
import { PosterAndEmbed } from '#client/components/share/poster-and-embed';
import { apiPath } from '#client/lib/api';
import { useT } from '#client/lib/i18n/use-t';

/**
 * A shared tour's extras: its route as GPX or GeoJSON for other apps (docs/decisions/054-tours-as-gpx-and-geojson.md,
 * titles and places only), its QR code / poster and its embeddable card (docs/decisions/055-qr-posters-and-embeds.md).
 */
export function TourShareExtras({ tourId, title }: { tourId: string; title: string }) {
  const t = useT();
  const file = (format: 'gpx' | 'geojson') =>
    apiPath(format === 'gpx' ? 'tourGpx' : 'tourGeoJson').replace(':id', encodeURIComponent(tourId));
  const link = 'inline-flex items-center gap-1 rounded-md text-glow-300 underline-offset-4 hover:underline';
  return (
    <div className="grid min-w-0 gap-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-mist-300">
        <span>{t('tours.routeForApps')}</span>
        <a href={file('gpx')} download className={link}>
          <Download className="h-4 w-4" aria-hidden />
          {t('tours.gpx')}
        </a>
        <a href={file('geojson')} download className={link}>
          <Download className="h-4 w-4" aria-hidden />
          {t('tours.geojson')}
        </a>
      </p>
      <PosterAndEmbed kind="tour" id={tourId} title={title} />
    </div>
  );
}
