/** The story map's controls and watchers: children of its MapContainer that act on the Leaflet map. */
import * as L from 'leaflet';
import { LocateFixed } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { DEFAULT_ZOOM } from '#common/constants';
import type { Point } from '#common/geo';
import type { BoundingBox } from '#common/route-schemas';
import { useT } from '#client/lib/i18n/use-t';
import type { MapView } from './use-map-clusters';

const VIEWPORT_DEBOUNCE_MS = 250;

/** Calls `onMove` when the map starts to move or zoom: the first-look tiles behind it no longer match it. */
export function EndFirstLookOnMove({ onMove }: { onMove: () => void }) {
  const map = useMap();
  useEffect(() => {
    map.on('movestart zoomstart', onMove);
    return () => {
      map.off('movestart zoomstart', onMove);
    };
  }, [map, onMove]);
  return null;
}

/**
 * The tile server's credit in the map's attribution line from the map's first paint, though its tiles come a task
 * later: the line does not grow (and shift) when they do.
 */
export function TileCredit({ text }: { text: string }) {
  const map = useMap();
  useLayoutEffect(() => {
    const line = map.attributionControl;
    line?.addAttribution(text);
    return () => {
      line?.removeAttribution(text);
    };
  }, [map, text]);
  return null;
}

/** A map control (top right, under Leaflet's own) that brings the reader's position back to the centre. */
export function CentreOnMe({ location }: { location: Point }) {
  const t = useT();
  const map = useMap();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Clicks and scrolls on the control must not reach the map (a click there would be a map click).
    if (container.current) {
      L.DomEvent.disableClickPropagation(container.current);
      L.DomEvent.disableScrollPropagation(container.current);
    }
  }, []);
  return (
    <div className="leaflet-top leaflet-right">
      <div ref={container} className="leaflet-control leaflet-bar">
        <button
          type="button"
          title={t('story.centreOnMe')}
          aria-label={t('story.centreOnMe')}
          onClick={() => map.setView([location.latitude, location.longitude], Math.max(map.getZoom(), DEFAULT_ZOOM))}
          className="story-map__locate"
        >
          <LocateFixed className="h-5 w-5" aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** docs/design.md, part 4: a changed user location recentres the map at zoom 13 (not on first render). */
export function FollowReader({ location }: { location: Point }) {
  const map = useMap();
  useEffect(() => {
    // Compare with where the map is, not with "first run": a position that arrives between the map's creation
    // and this effect must still recentre it. Pans by the reader do not re-run this (the location is unchanged).
    const centre = map.getCenter();
    const moved = Math.abs(centre.lat - location.latitude) > 1e-7 || Math.abs(centre.lng - location.longitude) > 1e-7;
    if (moved) map.setView([location.latitude, location.longitude], DEFAULT_ZOOM);
  }, [map, location.latitude, location.longitude]);
  return null;
}

/**
 * Reports the viewport once at start and after pans/zooms settle. The moveend listener is subscribed once for the
 * map's lifetime: react-leaflet's `useMapEvents` with an inline handlers object re-subscribes on every render, and
 * React runs all effect cleanups before any new effect, so the recentre FollowReader makes (synchronously, in the
 * same commit as a new reader location) fired moveend while nobody listened. The map moved but the viewport (and
 * with it the stories query and the clusters) stayed on the old area.
 */
export function ViewportWatcher({ onChange }: { onChange: (view: MapView, box: BoundingBox) => void }) {
  const map = useMap();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const bounds = map.getBounds();
      // Leaflet can report longitudes past ±180 after wrapping; the API wants plain degrees.
      const west = Math.max(-180, bounds.getWest());
      const east = Math.min(180, bounds.getEast());
      const south = Math.max(-90, bounds.getSouth());
      const north = Math.min(90, bounds.getNorth());
      onChangeRef.current({ bbox: [west, south, east, north], zoom: map.getZoom() }, { west, south, east, north });
    };
    const onMoveEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(report, VIEWPORT_DEBOUNCE_MS);
    };
    map.on('moveend', onMoveEnd);
    // The first report in a task of its own: the page's re-render and reads it starts are not added to the task
    // that made the map (bench/README.md: total blocking time).
    timer = setTimeout(report, 0);
    return () => {
      map.off('moveend', onMoveEnd);
      clearTimeout(timer);
    };
  }, [map]);
  return null;
}
