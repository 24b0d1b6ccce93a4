/**
 * A map to choose a planned story's place (docs/decisions/060-story-drafts-and-routes-in.md): anywhere, no 200 m
 * limit — the limit applies when the draft is pinned on site. Tap the map or drag the pin. Lazy-loaded (Leaflet);
 * the dialogs beside it offer latitude and longitude fields too, for keyboards and screen readers.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import '#client/lib/leaflet/map-parts';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { MAX_TILE_ZOOM } from '#common/constants';
import type { Point } from '#common/geo';
import { useTileConfig } from '#client/lib/get-public-config';
import { BaseTiles } from '#client/lib/map/base-tiles';
import { useT } from '#client/lib/i18n/use-t';

const pinIcon = L.divIcon({
  className: 'story-pin',
  html: '<span aria-hidden="true" style="display:block;width:22px;height:22px;border-radius:9999px;background:#f59e0b;border:3px solid #fff;box-shadow:0 0 0 2px rgba(0,0,0,.4)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

function TapToPlace({ onPlace }: { onPlace: (point: Point) => void }) {
  useMapEvents({ click: (event) => onPlace({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/** Keeps a place typed in the fields in view. */
function FollowValue({ value }: { value: Point | null }) {
  const map = useMap();
  useEffect(() => {
    if (value && !map.getBounds().contains([value.latitude, value.longitude]))
      map.panTo([value.latitude, value.longitude]);
  }, [map, value]);
  return null;
}

export interface PlacePickerProps {
  /** Where the map opens (the reader's position, or the default centre) when no place is chosen yet. */
  center: Point;
  value: Point | null;
  onChange: (point: Point) => void;
}

export default function PlacePicker({ center, value, onChange }: PlacePickerProps) {
  const t = useT();
  const tiles = useTileConfig();
  const start = value ?? center;
  const handlers = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const at = (event.target as L.Marker).getLatLng();
        onChange({ latitude: at.lat, longitude: at.lng });
      },
    }),
    [onChange],
  );
  return (
    <div dir="ltr">
      <MapContainer
        center={[start.latitude, start.longitude]}
        zoom={15}
        maxZoom={MAX_TILE_ZOOM}
        className="isolate z-0 h-56 w-full rounded-xl border border-night-700"
        aria-label={t('places.pickerLabel')}
      >
        {tiles && <BaseTiles tiles={tiles} attribution={tiles.tileAttribution} />}
        {value && (
          <Marker
            position={[value.latitude, value.longitude]}
            draggable
            icon={pinIcon}
            eventHandlers={handlers}
            title={t('places.plannedPlace')}
          />
        )}
        <TapToPlace onPlace={onChange} />
        <FollowValue value={value} />
      </MapContainer>
    </div>
  );
}
