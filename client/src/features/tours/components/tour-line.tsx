/**
 * A tour drawn on a Leaflet map (docs/decisions/016-walk-mode-and-tours.md): a line through its stops in walking order and a numbered marker per
 * stop (filled when this reader has found it). Used inside the tour page's map and the home map.
 */
import './tour-map.css';
import * as L from 'leaflet';
import '#client/lib/leaflet/vector-parts';
import { useMemo } from 'react';
import { Marker, Polyline } from 'react-leaflet';
import type { TourStop } from '#common/tour-schemas';
import { useT } from '#client/lib/i18n/use-t';

const stopIcon = (position: number, found: boolean) =>
  L.divIcon({
    className: 'tour-stop',
    html: `<span aria-hidden="true" class="tour-stop__disc${found ? ' tour-stop__disc--found' : ''}">${position}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });

export function TourLine({ stops, onSelect }: { stops: TourStop[]; onSelect: (stop: TourStop) => void }) {
  const t = useT();
  const points = useMemo(() => stops.map((stop): [number, number] => [stop.latitude, stop.longitude]), [stops]);
  return (
    <>
      <Polyline
        positions={points}
        pathOptions={{ color: '#a78bfa', weight: 4, dashArray: '6 8', className: 'tour-line' }}
      />
      {stops.map((stop) => (
        <Marker
          key={stop.storyId}
          position={[stop.latitude, stop.longitude]}
          icon={stopIcon(stop.position, stop.unlocked)}
          title={t('tours.stopMarker', { position: stop.position, title: stop.title })}
          alt={t('tours.stopMarker', { position: stop.position, title: stop.title })}
          eventHandlers={{ click: () => onSelect(stop) }}
        />
      ))}
    </>
  );
}
