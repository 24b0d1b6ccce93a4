/**
 * A tour on the map (docs/decisions/016-walk-mode-and-tours.md): a line through the stops in walking order and a numbered marker per stop
 * (filled when this reader has found it), plus the walker while walking. Loaded on demand with Leaflet.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import '#client/lib/leaflet/map-parts';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import type { Point } from '#common/geo';
import type { TourStop } from '#common/tour-schemas';
import { useTileConfig } from '#client/lib/get-public-config';
import { BaseTiles } from '#client/lib/map/base-tiles';
import { useT } from '#client/lib/i18n/use-t';
import { TourLine } from './tour-line';
import { mapMotionOptions } from '#client/lib/map/motion';

const walkerIcon = L.divIcon({
  className: 'tour-walker',
  html: '<span aria-hidden="true"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

function FitStops({ points }: { points: [number, number][] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 17 });
  }, [map, points]);
  return null;
}

export default function TourMap({
  stops,
  walker,
  onSelect,
}: {
  stops: TourStop[];
  walker?: Point | null;
  onSelect: (stop: TourStop) => void;
}) {
  const tiles = useTileConfig();
  const t = useT();
  const points = useMemo(() => stops.map((stop): [number, number] => [stop.latitude, stop.longitude]), [stops]);
  if (!tiles || points.length === 0)
    return <div className="h-72 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900" aria-hidden />;
  // The map keeps its own left-to-right geometry in every language (display: contents, no box of its own).
  return (
    <div dir="ltr" className="contents">
      <MapContainer
        {...mapMotionOptions()}
        center={points[0]}
        zoom={15}
        className="relative z-0 h-72 w-full rounded-2xl border border-night-700 sm:h-96"
        scrollWheelZoom={false}
      >
        <BaseTiles tiles={tiles} attribution={tiles.tileAttribution} />
        <TourLine stops={stops} onSelect={onSelect} />
        {walker && (
          <Marker
            position={[walker.latitude, walker.longitude]}
            icon={walkerIcon}
            title={t('tours.you')}
            alt={t('tours.you')}
            interactive={false}
          />
        )}
        <FitStops points={points} />
      </MapContainer>
    </div>
  );
}
