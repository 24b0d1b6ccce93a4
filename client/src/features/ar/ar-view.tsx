import { CameraOff, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DISCOVERY_RADIUS_M } from '#common/constants';
import type { Location, Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { useDiscoverableStories } from '#client/lib/stories/get-discoverable-stories';
import { storyTypeIcon } from '#client/lib/stories/story-display';

interface ArViewProps {
  location: Location;
  category: string;
  onClose: () => void;
  onSelectStory: (story: Story) => void;
}

type CameraState = { status: 'starting' } | { status: 'live' } | { status: 'denied'; message: string };

/**
 * Minimal AR overlay (spec "AR view"; a later issue adds orientation-based placement): the rear camera full
 * screen with the discoverable stories within 1500 m of the selected category listed over it.
 */
export default function ArView({ location, category, onClose, onSelectStory }: ArViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ status: 'starting' });
  const { data } = useDiscoverableStories(location);
  const stories = (data ?? [])
    .filter((s) => (category === 'All' || s.category === category) && (s.distance ?? 0) <= DISCOVERY_RADIUS_M)
    .slice(0, 12);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('Camera is not supported by this browser.');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
          audio: false,
        });
        if (cancelled) return stream.getTracks().forEach((t) => t.stop());
        if (videoRef.current) videoRef.current.srcObject = stream;
        setCamera({ status: 'live' });
      } catch (error) {
        if (!cancelled) setCamera({ status: 'denied', message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div role="dialog" aria-modal="true" aria-label="AR View" className="fixed inset-0 z-50 bg-black">
      {camera.status === 'denied' ? (
        <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
          <CameraOff className="h-12 w-12 text-mist-400" aria-hidden />
          <h2 className="font-display text-2xl font-semibold text-mist-100">Camera Access Required</h2>
          <p className="max-w-sm text-sm text-mist-300">{camera.message}</p>
          <Button onClick={onClose}>Close AR View</Button>
        </div>
      ) : (
        <>
          <video ref={videoRef} autoPlay playsInline muted className="absolute inset-0 h-full w-full object-cover" aria-hidden />
          <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-3 bg-gradient-to-b from-black/80 to-transparent p-4">
            <p className="text-sm font-medium text-white">
              {stories.length} {stories.length === 1 ? 'story' : 'stories'} within 1.5km
            </p>
            <Button variant="secondary" size="icon" aria-label="Close AR View" onClick={onClose}>
              <X aria-hidden />
            </Button>
          </div>
          <ul className="absolute inset-x-0 bottom-0 grid max-h-[45dvh] gap-2 overflow-y-auto bg-gradient-to-t from-black/90 to-transparent p-4">
            {stories.map((story) => (
              <li key={story.id}>
                <button
                  type="button"
                  onClick={() => onSelectStory(story)}
                  className="flex w-full items-center gap-3 rounded-xl bg-night-900/80 p-3 text-left text-mist-100 backdrop-blur"
                >
                  <span aria-hidden className="text-2xl">{storyTypeIcon(story.type)}</span>
                  <span className="min-w-0 flex-1 truncate font-medium">{story.title}</span>
                  <span className="text-xs text-mist-300">
                    {typeof story.distance === 'number' ? `${Math.round(story.distance)}m` : ''}
                    {story.isLocked ? ' · locked' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
