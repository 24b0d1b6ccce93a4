/**
 * A map's base layer from the app's own tiles (docs/decisions/037-tiles-through-whispers.md): raster tiles as
 * Leaflet's TileLayer, or the vector basemap (038), whose renderer is a chunk of its own loaded when such a map
 * mounts. Every map (the story map, a tour's, the pin picker) draws its tiles through this.
 */
import { useEffect, useRef } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import type { TileConfig } from '#client/lib/get-public-config';
import { tileLayerZoomOptions } from '#client/lib/map-tiles';

interface BaseTilesProps {
  tiles: TileConfig;
  /** The attribution in the map's own line (a map that shows the credit itself leaves it out). */
  attribution?: string;
  /** Called once the first tiles are in. */
  onLoad?: () => void;
}

export function BaseTiles({ tiles, attribution, onLoad }: BaseTilesProps) {
  if (tiles.tileKind === 'vector') return <VectorTiles tiles={tiles} attribution={attribution} onLoad={onLoad} />;
  return (
    <TileLayer
      url={tiles.tileUrl}
      attribution={attribution}
      {...tileLayerZoomOptions()}
      eventHandlers={onLoad ? { load: onLoad } : undefined}
    />
  );
}

function VectorTiles({ tiles, attribution, onLoad }: BaseTilesProps) {
  const map = useMap();
  const loaded = useRef(onLoad);
  loaded.current = onLoad;
  useEffect(() => {
    let removed = false;
    let remove = () => {};
    void import('./vector-basemap').then(({ vectorBasemap }) => {
      if (removed) return;
      const layer = vectorBasemap({ ...tiles, tileAttribution: attribution ?? '' });
      layer.once('load', () => loaded.current?.());
      layer.addTo(map);
      remove = () => void layer.remove();
    });
    return () => {
      removed = true;
      remove();
    };
  }, [map, tiles, attribution]);
  return null;
}
