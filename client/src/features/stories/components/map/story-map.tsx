import 'leaflet/dist/leaflet.css';
import './story-map.css';
import * as L from 'leaflet';
import '#client/lib/leaflet/map-parts';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { DEFAULT_ZOOM, MAX_TILE_ZOOM } from '#common/constants';
import type { Point } from '#common/geo';
import type { MapMarker } from '#common/map-schemas';
import type { BoundingBox } from '#common/route-schemas';
import { useTileConfig } from '#client/lib/get-public-config';
import { BaseTiles } from '#client/lib/map/base-tiles';
import { markerName, storyDistanceText, storyTypeLabel } from '#client/lib/stories/story-display';
import { clusterClickZoom } from './cluster-protocol';
import { clusterIcon, storyIcon, userIcon } from './marker-icons';
import { useMapClusters, type MapView } from './use-map-clusters';
import { FirstLookTiles } from './first-look-tiles';
import { CentreOnMe, EndFirstLookOnMove, FollowReader, TileCredit, ViewportWatcher } from './map-controls';
import { mapMotionOptions, prefersReducedMotion } from '#client/lib/map/motion';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

interface StoryMapProps<T extends MapMarker> {
  /** The reader (user marker) and the centre the map follows when it changes. */
  location: Point;
  /** Markers (the lean map answer) or full stories (the discovery screen's list), in the answer's order. */
  stories: T[];
  onSelectStory: (story: T) => void;
  /** The visible area after each (debounced) pan or zoom; the parent fetches stories for it. */
  onViewportChange: (box: BoundingBox) => void;
  /** Titles the page knows by story id, for markers (which carry none, decision 025) and the stack sheet. */
  titles?: ReadonlyMap<string, string>;
  /** False when `location` is only the default centre, not the reader: no "Your location" marker then. */
  showReader?: boolean;
  /**
   * The page was sent with a first look at this map (server/src/map-first-look.ts, decision 028): its tiles stay in
   * the map's box until Leaflet's are in. Elsewhere the map's tiles are not in the browser's cache yet, and the box
   * shows the pages' loading look.
   */
  firstLook?: boolean;
  /** More layers drawn on the map (a followed tour's line, docs/decisions/016-walk-mode-and-tours.md), given by the page. */
  children?: ReactNode;
}

/** The map's own background (story-map.css) cleared: react-leaflet sets a map's style once, when it is made. */
const MAP_SEE_THROUGH = { background: 'transparent' };
/** Leaflet's tile fade-in (leaflet.css: opacity 0.2 s). */
const TILE_FADE_MS = 250;

// The stack's bottom sheet (Radix dialog, scroll lock) is not downloaded with the map (bench/README.md: JavaScript before
// the page is idle) but as soon as a stack that lists its stories is drawn, so the click on it opens at once.
const loadStackSheet = () => import('./story-stack-sheet');
const StoryStackSheet = lazy(() => loadStackSheet().then((m) => ({ default: m.StoryStackSheet<MapMarker> })));

/** Spec "Map view": Leaflet street map, user marker, clustered story markers (default export: lazy-loaded). */
export default function StoryMap<T extends MapMarker>({
  location,
  stories,
  titles,
  onSelectStory,
  onViewportChange,
  showReader = true,
  firstLook: sentWithFirstLook = false,
  children,
}: StoryMapProps<T>) {
  const t = useT();
  const tiles = useTileConfig();
  // The page's commit, then the map (with the tile server's credit), then its tiles, then the rest of its layers
  // (markers, the reader, the centre-on-me control, the page's extra layers): each in a task of its own (see
  // useNextTask).
  const mapDue = useNextTask(true);
  const tilesDue = useNextTask(mapDue);
  const layersDue = useNextTask(tilesDue);
  // The centre the map was made at, while its first-look tiles are behind it; null once Leaflet's tiles are in (and
  // their fade-in done) or the map has moved away from them.
  const [firstLook, setFirstLook] = useState<Point | null>(sentWithFirstLook ? location : null);
  const endFirstLook = useCallback(() => setFirstLook(null), []);
  const firstLookEnds = useCallback(() => void setTimeout(endFirstLook, TILE_FADE_MS), [endFirstLook]);
  const [view, setView] = useState<MapView | null>(null);
  const clusters = useMapClusters(stories, view);
  const markersShown = useStepwiseCount(layersDue ? clusters.length : 0, MARKERS_PER_TASK);
  const byId = useMemo(() => new Map(stories.map((s) => [s.id, s])), [stories]);
  // The stories of a cluster that cannot split further, listed in a bottom sheet.
  const [stack, setStack] = useState<T[] | null>(null);
  // Mounted from the first open on (and kept, so closing animates).
  const [stackUsed, setStackUsed] = useState(false);
  if (stack !== null && !stackUsed) setStackUsed(true);
  // The stack in the answer's order (nearest, then newest first among stories at one spot), not the worker's.
  const rank = useMemo(() => new Map(stories.map((s, i) => [s.id, i])), [stories]);
  const openStack = useCallback(
    (ids: string[]) =>
      setStack(
        [...ids]
          .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
          .map((id) => byId.get(id))
          .filter((story): story is T => story !== undefined)
          .map((story) => (titles?.has(story.id) ? { ...story, title: titles.get(story.id) } : story)),
      ),
    [byId, rank, titles],
  );

  // Until the map is made, a box of its size showing the map's first tiles (or the pages' loading look), so nothing
  // moves when the map comes.
  if (!mapDue) {
    return firstLook && tiles?.tileKind === 'raster' ? (
      <div className="relative h-96 w-full">
        <FirstLookTiles centre={firstLook} tileUrl={tiles.tileUrl} />
      </div>
    ) : (
      <div className="h-96 w-full animate-pulse rounded-2xl border border-night-700 bg-night-900" aria-hidden />
    );
  }

  return (
    <>
      {/* The map's background is this box's, so the first-look tiles show through the map until its own are in. */}
      <div dir="ltr" className="relative rounded-2xl bg-night-900">
        {firstLook && tiles?.tileKind === 'raster' && <FirstLookTiles centre={firstLook} tileUrl={tiles.tileUrl} />}
        <MapContainer
          {...mapMotionOptions()}
          center={[location.latitude, location.longitude]}
          zoom={DEFAULT_ZOOM}
          maxZoom={MAX_TILE_ZOOM}
          // `isolate` keeps Leaflet's own z-indexes (panes 400, controls 1000) below dialogs and the header.
          className="isolate z-0 h-96 w-full rounded-2xl border border-night-700"
          style={MAP_SEE_THROUGH}
          aria-label={t('story.mapLabel')}
        >
          {tiles && <TileCredit text={tiles.tileAttribution} />}
          {tilesDue && tiles && <BaseTiles tiles={tiles} onLoad={firstLookEnds} />}
          {firstLook && <EndFirstLookOnMove onMove={endFirstLook} />}
          {/* Before FollowReader: its moveend listener must exist before FollowReader can move the map. */}
          <ViewportWatcher
            onChange={(next, box) => {
              setView(next);
              onViewportChange(box);
            }}
          />
          <FollowReader location={location} />
          {/* Only with a real position: the default centre is not "me". */}
          {layersDue && showReader && <CentreOnMe location={location} />}
          {/* Below story markers, so a story right where the reader stands stays clickable. */}
          {layersDue && showReader && (
            <Marker
              position={[location.latitude, location.longitude]}
              icon={userIcon}
              title={t('story.yourLocation')}
              keyboard
              zIndexOffset={-1000}
            >
              <Popup>{t('story.yourLocation')}</Popup>
            </Marker>
          )}
          {layersDue &&
            clusters.slice(0, markersShown).map((item) => {
              if (item.kind === 'cluster')
                return (
                  <ClusterMarker
                    key={`c${item.id}`}
                    latitude={item.latitude}
                    longitude={item.longitude}
                    count={item.count}
                    expansionZoom={item.expansionZoom}
                    storyIds={item.storyIds}
                    onList={openStack}
                  />
                );
              const story = byId.get(item.id);
              if (!story) return null;
              return (
                <StoryMarker
                  key={story.id}
                  story={story}
                  name={titles?.get(story.id) ?? markerName(story)}
                  onSelect={onSelectStory as (story: MapMarker) => void}
                />
              );
            })}
          {layersDue && children}
        </MapContainer>
      </div>
      {stackUsed && (
        <Suspense fallback={null}>
          <StoryStackSheet
            stories={stack}
            onClose={() => setStack(null)}
            onSelect={(story) => {
              setStack(null);
              onSelectStory(story as T);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * False until `after` has been committed true, then true from a task of its own after that commit. Making
 * Leaflet's map, its tiles and its markers inside the commit that first shows the page made one long task of all
 * of it (bench/README.md: total blocking time on `/`); now the page paints, then the map is made (with the tile server's
 * credit in its attribution line), then its tile layer asks for the tiles, then the markers are added. Each step
 * renders synchronously (flushSync) in its timer's task: as a transition it would wait for, and be batched with,
 * the page's other updates.
 */
function useNextTask(after: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!after || due) return;
    const timer = setTimeout(() => flushSync(() => setDue(true)), 0);
    return () => clearTimeout(timer);
  }, [after, due]);
  return due;
}

/** Markers Leaflet adds in one task when the map first fills (see useStepwiseCount). */
const MARKERS_PER_TASK = 6;

/**
 * How many of `total` items to draw: `step` more in each task until all are drawn. Thirty markers added in one
 * commit made one long task (each is an element with its icon, listeners and position: bench/README.md, total blocking
 * time); six at a time keep every task short, and the reader sees the map fill within a few frames. Items that
 * come later (a pan, a new answer) are drawn the same way, from where the count already is.
 */
function useStepwiseCount(total: number, step: number): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => flushSync(() => setShown((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return shown;
}

/** Leaflet 1.9 markers are focusable (role=button) but ignore Enter/Space; make them act like buttons. */
function onActivateKey(action: () => void) {
  return (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key === 'Enter' || key === ' ') {
      event.originalEvent.preventDefault();
      action();
    }
  };
}

/**
 * Markers are memoised with a stable position and handlers: react-leaflet moves a marker and re-binds its handlers
 * whenever these props are new objects, which on every map render cost long tasks with many markers.
 */
const StoryMarker = memo(function StoryMarker({
  story,
  name,
  onSelect,
}: {
  story: MapMarker;
  name: string;
  onSelect: (story: MapMarker) => void;
}) {
  const t = useT();
  const position = useMemo<[number, number]>(
    () => [story.latitude, story.longitude],
    [story.latitude, story.longitude],
  );
  const handlers = useMemo(
    () => ({ click: () => onSelect(story), keydown: onActivateKey(() => onSelect(story)) }),
    [story, onSelect],
  );
  return (
    <Marker position={position} icon={storyIcon(story)} title={name} alt={name} keyboard eventHandlers={handlers}>
      <Popup>
        <strong className="block text-sm">{name}</strong>
        <span className="block text-xs">{categoryName(t, story.category)}</span>
        <span className="block text-xs">{storyTypeLabel(story.type)}</span>
        {storyDistanceText(story, { compact: true }) && (
          <span className="block text-xs">{storyDistanceText(story, { compact: true })}</span>
        )}
      </Popup>
    </Marker>
  );
});

interface ClusterMarkerProps {
  latitude: number;
  longitude: number;
  count: number;
  expansionZoom: number;
  /** Set when zooming cannot split it any further: a click lists these stories instead. */
  storyIds?: string[];
  onList: (storyIds: string[]) => void;
}

const ClusterMarker = memo(function ClusterMarker({
  latitude,
  longitude,
  count,
  expansionZoom,
  storyIds,
  onList,
}: ClusterMarkerProps) {
  const t = useT();
  const map = useMap();
  const position = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);
  const listable = storyIds !== undefined;
  useEffect(() => {
    if (listable) void loadStackSheet();
  }, [listable]);
  const handlers = useMemo(() => {
    const open = storyIds
      ? () => onList(storyIds)
      : () => {
          const zoom = clusterClickZoom(expansionZoom, map.getZoom());
          if (prefersReducedMotion()) map.setView([latitude, longitude], zoom, { animate: false });
          else map.flyTo([latitude, longitude], zoom);
        };
    return { click: open, keydown: onActivateKey(open) };
  }, [map, latitude, longitude, expansionZoom, storyIds, onList]);
  return (
    <Marker
      position={position}
      icon={clusterIcon(count)}
      title={t('story.clusterTitle', { count })}
      keyboard
      eventHandlers={handlers}
    />
  );
});
