/**
 * A small map in the create preview: the author may drag the story's pin (or tap the map) up to 200 m from
 * their fix — to the door, the bench, the landmark, not their doorstep (docs/design.md, rule 12). Lazy-loaded
 * with the create dialog (Leaflet).
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import '#client/lib/leaflet/map-parts';
import '#client/lib/leaflet/vector-parts';
import { useMemo } from 'react';
import { Circle, MapContainer, Marker, useMapEvents } from 'react-leaflet';
import { LOCATION_CLAIM, MAX_TILE_ZOOM } from '#common/constants';
import { haversineMetres } from '#common/geo';
import type { Point } from '#common/geo';
import { useTileConfig } from '#client/lib/get-public-config';
import { BaseTiles } from '#client/lib/map/base-tiles';
import { clampPin } from '../lib/pin-limit';
import { mapMotionOptions } from '#client/lib/map/motion';
import { useT } from '#client/lib/i18n/use-t';

const pinIcon = L.divIcon({
  className: 'story-pin',
  html: '<span aria-hidden="true" style="display:block;width:22px;height:22px;border-radius:9999px;background:#a78bfa;border:3px solid #fff;box-shadow:0 0 0 2px rgba(0,0,0,.4)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

function TapToMove({ onMove }: { onMove: (point: Point) => void }) {
  useMapEvents({ click: (event) => onMove({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

export interface PinPickerProps {
  /** The author's fix. */
  fix: Point;
  /** Where the story will be placed. */
  value: Point;
  onChange: (point: Point) => void;
}

export default function PinPicker({ fix, value, onChange }: PinPickerProps) {
  const t = useT();
  const tiles = useTileConfig();
  const move = (point: Point) => onChange(clampPin(fix, point));
  const moved = Math.round(haversineMetres(fix, value));
  const handlers = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const at = (event.target as L.Marker).getLatLng();
        move({ latitude: at.lat, longitude: at.lng });
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `move` only depends on the fix
    [fix.latitude, fix.longitude],
  );
  return (
    <div className="grid gap-2">
      <div dir="ltr">
        <MapContainer
          {...mapMotionOptions()}
          center={[fix.latitude, fix.longitude]}
          zoom={17}
          maxZoom={MAX_TILE_ZOOM}
          className="isolate z-0 h-48 w-full rounded-xl border border-night-700"
          aria-label={t('create.pinMapLabel')}
        >
          {tiles && <BaseTiles tiles={tiles} attribution={tiles.tileAttribution} />}
          <Circle
            center={[fix.latitude, fix.longitude]}
            radius={LOCATION_CLAIM.pinMoveM}
            pathOptions={{ color: '#a78bfa', weight: 1, fillOpacity: 0.08 }}
          />
          <Marker
            position={[value.latitude, value.longitude]}
            draggable
            icon={pinIcon}
            eventHandlers={handlers}
            title={t('create.storyPin')}
          />
          <TapToMove onMove={move} />
        </MapContainer>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-mist-300">
        <span role="status">
          {moved === 0
            ? t('create.placedWhereYouAre')
            : t('create.pinMoved', { moved, limit: LOCATION_CLAIM.pinMoveM })}
        </span>
        {moved > 0 && (
          <button
            type="button"
            className="rounded-md px-2 py-1 text-glow-300 underline hover:text-glow-200"
            onClick={() => onChange(fix)}
          >
            {t('create.putPinBack')}
          </button>
        )}
      </div>
    </div>
  );
}
