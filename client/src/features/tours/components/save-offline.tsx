/**
 * "Save for offline" on a tour's page (docs/decisions/039-maps-offline.md): the size first, then the tiles along the
 * route, the tour and the media of the stops already found, with progress; then "Saved for offline · 12 MB · Remove"
 * with the real size. Offered only where the map's tile source allows bulk reads; otherwise the page says why.
 */
import { CloudDownload, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Point } from '#common/geo';
import { megabytesText, OFFLINE_MAP_TEXT, savedText } from '#common/offline-map';
import type { Tour } from '#common/tour-schemas';
import { Button } from '#client/components/ui/button';
import { useTileConfig } from '#client/lib/get-public-config';
import { useT } from '#client/lib/i18n/use-t';
import { useTourMapTiles } from '../api/tour-map-tiles';
import {
  canSaveOffline,
  removeTourOffline,
  savedPack,
  saveTourOffline,
  type PackProgress,
  type SavedPack,
} from '../lib/offline-pack';

type State =
  | { kind: 'idle' }
  | { kind: 'saving'; progress: PackProgress }
  | { kind: 'saved'; pack: SavedPack }
  | { kind: 'failed' };

export function SaveOffline({ tour, position }: { tour: Tour; position: Point | null }) {
  const tiles = useTileConfig();
  const t = useT();
  const offered = tiles?.offlineMaps === true && canSaveOffline();
  const [state, setState] = useState<State>(() => {
    const pack = savedPack(tour.id);
    return pack ? { kind: 'saved', pack } : { kind: 'idle' };
  });
  const plan = useTourMapTiles(tour.id, offered && state.kind !== 'saved');
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  if (tiles && !tiles.offlineMaps) {
    return <p className="text-sm text-mist-300">{OFFLINE_MAP_TEXT.notOffered}</p>;
  }
  if (!offered) return null;

  const save = async () => {
    if (!plan.data?.offered) return;
    const controller = new AbortController();
    stop.current = controller;
    setState({ kind: 'saving', progress: { done: 0, total: plan.data.tiles.length } });
    try {
      const pack = await saveTourOffline({
        tourId: tour.id,
        tiles: plan.data.tiles,
        stops: tour.stops,
        position,
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'saving', progress }),
      });
      setState({ kind: 'saved', pack });
    } catch {
      if (!controller.signal.aborted) setState({ kind: 'failed' });
    }
  };
  const remove = async () => {
    await removeTourOffline(tour.id);
    setState({ kind: 'idle' });
  };

  return (
    <section
      aria-label={t('tours.offline')}
      className="grid gap-2 rounded-xl border border-night-700 bg-night-900/60 p-3"
    >
      {state.kind === 'saved' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-mist-100">
            {savedText(state.pack.bytes)}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void remove()}>
            <Trash2 aria-hidden />
            {OFFLINE_MAP_TEXT.remove}
          </Button>
        </div>
      ) : state.kind === 'saving' ? (
        <div className="grid gap-1.5" role="status">
          <p className="text-sm text-mist-100">
            {t('tours.savingProgress', {
              saving: OFFLINE_MAP_TEXT.saving,
              done: state.progress.done,
              total: state.progress.total,
            })}
          </p>
          <progress
            className="h-2 w-full accent-glow-500"
            max={state.progress.total}
            value={state.progress.done}
            aria-label={OFFLINE_MAP_TEXT.saving}
          />
        </div>
      ) : plan.data && !plan.data.offered ? (
        <p className="text-sm text-mist-300">{plan.data.reason}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" disabled={!plan.data} onClick={() => void save()}>
            <CloudDownload aria-hidden />
            {OFFLINE_MAP_TEXT.save}
          </Button>
          {plan.data && (
            <p className="text-sm text-mist-300">
              {t('tours.saveEstimate', { size: megabytesText(plan.data.estimatedBytes) })}
            </p>
          )}
          {state.kind === 'failed' && (
            <p role="alert" className="w-full text-sm text-red-300">
              {OFFLINE_MAP_TEXT.failed}
            </p>
          )}
        </div>
      )}
      <p className="text-xs text-mist-400">{OFFLINE_MAP_TEXT.locks}</p>
    </section>
  );
}
