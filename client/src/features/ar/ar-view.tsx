import { CameraOff, Compass, List, LogOut, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { AR, DISCOVERY_RADIUS_M } from '#common/constants';
import { haversineMetres } from '#common/geo';
import type { Story } from '#common/schemas';
import type { Point } from '#common/geo';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { formatNumber } from '#client/lib/i18n/format';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useT } from '#client/lib/i18n/use-t';
import { ArMarker } from './components/ar-marker';
import { ArStoryList, type ListedStory } from './components/ar-story-list';
import { CountSelector } from './components/count-selector';
import { useDeviceHeading, type DeviceHeading } from './hooks/use-device-heading';
import { useRearCamera, type CameraState } from './hooks/use-rear-camera';
import { useViewportSize } from './hooks/use-viewport-size';
import { compassPoint, formatMetres, type CompassPoint } from './lib/format';
import { layoutMarkers } from './lib/layout';

const POINT_IDS: Record<CompassPoint, MessageId> = {
  N: 'camera.point.N',
  NE: 'camera.point.NE',
  E: 'camera.point.E',
  SE: 'camera.point.SE',
  S: 'camera.point.S',
  SW: 'camera.point.SW',
  W: 'camera.point.W',
  NW: 'camera.point.NW',
};

export interface ArViewProps {
  /** The reader's position (unrounded: bearings to stories a few dozen metres away need the precision). */
  location: Point;
  /** The selected category; "All" means none. */
  category: string;
  /** The discoverable stories the home page fetched (nearest first), or undefined while they load. */
  stories: readonly Story[] | undefined;
  isLoading?: boolean;
  onClose: () => void;
  /** A marker or list row was tapped: open the story detail dialog (locked stories stay locked). */
  onSelectStory: (story: Story) => void;
}

/**
 * The AR view (docs/design.md, part 2 "AR view", section 4 "AR calibration"): the rear camera full screen with a marker
 * for each story within 1500 m placed at its compass bearing. A modal dialog, so a story dialog opened from it
 * stacks on top and Escape closes that first.
 */
export default function ArView({
  location,
  category,
  stories,
  isLoading = false,
  onClose,
  onSelectStory,
}: ArViewProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const camera = useRearCamera(videoRef);
  const orientation = useDeviceHeading(camera.state.status !== 'error');
  const viewport = useViewportSize();
  const [count, setCount] = useState<number>(AR.defaultCount);
  // null: not chosen yet; the list opens by itself when there is no compass to place markers with.
  const [listChoice, setListChoice] = useState<boolean | null>(null);
  const listId = useId();

  const nearby: ListedStory[] = useMemo(
    () =>
      (stories ?? [])
        .filter((story) => category === 'All' || story.category === category)
        .map((story) => ({ story, distance: haversineMetres(location, story) }))
        .filter((s) => s.distance <= DISCOVERY_RADIUS_M)
        .sort((a, b) => a.distance - b.distance),
    [stories, category, location],
  );
  const heading = orientation.heading;
  const markers = useMemo(
    () =>
      heading === null
        ? []
        : layoutMarkers({ reader: location, heading, stories: nearby.map((s) => s.story), count, viewport })
            // Tab order follows the screen, left to right.
            .sort((a, b) => a.x - b.x),
    [heading, location, nearby, count, viewport],
  );

  const noCompass = orientation.status === 'unavailable' || orientation.status === 'denied';
  const listOpen = listChoice ?? noCompass;

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-50 overflow-hidden bg-black text-mist-100 outline-none"
        >
          <RadixDialog.Title className="sr-only">{t('camera.arView')}</RadixDialog.Title>
          {camera.state.status === 'error' ? (
            <CameraError state={camera.state} onRetry={() => void camera.retry()} onClose={onClose} />
          ) : (
            <>
              <video
                ref={videoRef}
                autoPlay
                playsInline
                muted
                aria-hidden
                className="absolute inset-0 h-full w-full object-cover"
              />
              <div role="group" aria-label={t('camera.storiesInView')} className="absolute inset-0">
                {markers.map((marker) => (
                  <ArMarker key={marker.story.id} marker={marker} onSelect={onSelectStory} />
                ))}
              </div>

              <header className="absolute inset-x-0 top-0 grid gap-2 bg-gradient-to-b from-black/85 via-black/50 to-transparent p-3 pb-8 pt-[max(0.75rem,env(safe-area-inset-top))]">
                <div className="flex items-center justify-between gap-2">
                  <p
                    className="rounded-full bg-black/55 px-3 py-1.5 text-sm font-medium backdrop-blur"
                    data-testid="ar-counter"
                  >
                    {isLoading && !stories
                      ? t('camera.discovering')
                      : t('camera.inViewCount', { inView: formatNumber(markers.length), total: nearby.length })}
                  </p>
                  <Button
                    variant="secondary"
                    size="icon"
                    aria-label={t('camera.close')}
                    onClick={onClose}
                    className="rounded-full bg-black/55 backdrop-blur"
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CountSelector value={count} onChange={setCount} />
                  {heading !== null && (
                    <p
                      data-testid="ar-heading"
                      className="flex items-center gap-1 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold tabular-nums backdrop-blur"
                    >
                      <Compass className="h-3.5 w-3.5" aria-hidden />
                      <span className="sr-only">{t('camera.facing')}</span>
                      {t(POINT_IDS[compassPoint(heading)])} {formatNumber(Math.round(heading) % 360)}°
                    </p>
                  )}
                </div>
              </header>

              <CenterMessage
                orientation={orientation}
                camera={camera.state}
                inView={markers.length}
                total={nearby.length}
                loading={isLoading && !stories}
                listOpen={listOpen}
                onBrowse={() => setListChoice(true)}
              />

              <footer className="absolute inset-x-0 bottom-0 grid gap-2 bg-gradient-to-t from-black/85 via-black/50 to-transparent p-3 pt-8 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
                {listOpen && <ArStoryList id={listId} stories={nearby} onSelect={onSelectStory} />}
                <div className="flex items-center justify-between gap-2">
                  <Button
                    variant="secondary"
                    aria-expanded={listOpen}
                    aria-controls={listOpen ? listId : undefined}
                    onClick={() => setListChoice(!listOpen)}
                    className="rounded-full bg-black/60 backdrop-blur"
                  >
                    <List aria-hidden />
                    {listOpen ? t('camera.hideList') : t('camera.showAll')}
                  </Button>
                  <Button variant="secondary" onClick={onClose} className="rounded-full bg-black/60 backdrop-blur">
                    <LogOut aria-hidden />
                    {t('camera.exit')}
                  </Button>
                </div>
              </footer>
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function CameraError({
  state,
  onRetry,
  onClose,
}: {
  state: Extract<CameraState, { status: 'error' }>;
  onRetry: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const missing =
    state.name === 'NotFoundError' || state.name === 'OverconstrainedError' || state.name === 'NotSupportedError';
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <CameraOff className="h-12 w-12 text-mist-400" aria-hidden />
      <h2 className="font-display text-2xl font-semibold text-mist-100">{t('camera.accessRequired')}</h2>
      <p
        role="alert"
        className="max-w-sm rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
      >
        {state.message}
      </p>
      <p className="max-w-sm text-sm text-mist-300">{missing ? t('camera.needsCamera') : t('camera.allowAccess')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onRetry}>
          {t('camera.tryAgain')}
        </Button>
        <Button onClick={onClose}>{t('camera.close')}</Button>
      </div>
    </div>
  );
}

interface CenterMessageProps {
  orientation: DeviceHeading;
  camera: CameraState;
  inView: number;
  total: number;
  loading: boolean;
  listOpen: boolean;
  onBrowse: () => void;
}

/** The one message in the middle of the screen, if any: calibration, compass access, or nothing in view. */
function CenterMessage({ orientation, camera, inView, total, loading, listOpen, onBrowse }: CenterMessageProps) {
  const t = useT();
  const radius = formatMetres(DISCOVERY_RADIUS_M);
  const card =
    'pointer-events-auto mx-auto grid max-w-xs gap-2 rounded-2xl border border-white/10 bg-night-950/80 p-4 text-center shadow-2xl backdrop-blur-md';
  let content: ReactNode = null;
  if (orientation.status === 'needs-permission') {
    content = (
      <div className={card}>
        <Compass className="mx-auto h-8 w-8 text-glow-300" aria-hidden />
        <p className="text-sm text-mist-100">{t('camera.needsCompass')}</p>
        <Button onClick={() => void orientation.requestPermission()}>{t('camera.enableCompass')}</Button>
      </div>
    );
  } else if (orientation.status === 'calibrating') {
    content = (
      <div role="status" className={card}>
        <Compass className="mx-auto h-8 w-8 animate-spin text-glow-300 [animation-duration:2.5s]" aria-hidden />
        <p className="font-display text-lg font-semibold">{t('camera.calibrating')}</p>
        <p className="text-sm text-mist-300">{t('camera.calibratingHint')}</p>
      </div>
    );
  } else if (orientation.status === 'unavailable' || orientation.status === 'denied') {
    content = listOpen ? (
      <p
        role="status"
        className="mx-auto max-w-xs rounded-xl bg-night-950/80 px-3 py-2 text-center text-sm text-mist-100 backdrop-blur"
      >
        {orientation.status === 'denied' ? t('camera.compassDeniedListed') : t('camera.noSensorsListed')}
      </p>
    ) : (
      <div role="status" className={card}>
        <p className="text-sm text-mist-100">
          {orientation.status === 'denied' ? t('camera.compassDenied') : t('camera.noSensors')}
        </p>
        <Button onClick={onBrowse}>{t('camera.browseAll')}</Button>
      </div>
    );
  } else if (orientation.status === 'live' && inView === 0 && !loading && !listOpen && camera.status !== 'error') {
    content = (
      <div className={card}>
        <p className="font-display text-lg font-semibold">
          {total === 0 ? t('camera.noneWithin', { radius }) : t('camera.noneThisWay')}
        </p>
        <p className="text-sm text-mist-300">{total === 0 ? t('camera.exploreMap') : t('camera.turnSlowly')}</p>
        {total === 0 ? (
          <Button asChild>
            <Link href={paths.discover}>{t('camera.browseAll')}</Link>
          </Button>
        ) : (
          <Button onClick={onBrowse}>{t('camera.browseAll')}</Button>
        )}
      </div>
    );
  }
  if (!content) return null;
  return <div className="pointer-events-none absolute inset-x-4 top-1/2 -translate-y-1/2">{content}</div>;
}
