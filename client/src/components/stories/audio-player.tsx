import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AUDIO } from '#common/constants';
import { Button } from '#client/components/ui/button';
import { formatDuration } from '#client/lib/stories/story-display';
import type { PlaybackInsightHandlers } from '#client/lib/insights/use-story-insight-events';
import { useT } from '#client/lib/i18n/use-t';

/**
 * Spec "Story detail dialog" audio player: play/pause, 15 s back/forward, a seekable progress bar and m:ss
 * times. `fallbackDuration` (the story's stored duration) is shown until the browser knows the real one —
 * MediaRecorder WebM files often report Infinity until played through.
 */
export function AudioPlayer({
  src,
  fallbackDuration,
  playback,
}: {
  src: string;
  fallbackDuration: number | null;
  /** Authors' insights (docs/decisions/018-insights-counts-not-readers.md): play started and quartiles reached. */
  playback?: PlaybackInsightHandlers;
}) {
  const t = useT();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  const total = duration ?? fallbackDuration ?? 0;
  const readDuration = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
  };

  const toggle = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      try {
        await audio.play();
      } catch {
        setPlaying(false);
      }
    } else {
      audio.pause();
    }
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const limit = Number.isFinite(audio.duration) ? audio.duration : total;
    audio.currentTime = Math.max(0, Math.min(seconds, limit || seconds));
    setCurrent(audio.currentTime);
  };

  return (
    <div className="rounded-xl border border-night-700 bg-night-800/70 p-4">
      <audio
        dir="ltr"
        ref={audioRef}
        src={src}
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          playback?.onPlay();
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          playback?.onEnded();
        }}
        onTimeUpdate={(e) => {
          setCurrent(e.currentTarget.currentTime);
          playback?.onTimeUpdate(e.currentTarget);
        }}
        onLoadedMetadata={(e) => readDuration(e.currentTarget)}
        onDurationChange={(e) => readDuration(e.currentTarget)}
      />
      <div className="flex items-center justify-center gap-3">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('story.skipBack')}
          onClick={() => seekTo(current - AUDIO.skipSeconds)}
        >
          <RotateCcw aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          className="h-12 w-12 rounded-full"
          aria-label={playing ? t('story.pause') : t('story.play')}
          onClick={() => void toggle()}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('story.skipForward')}
          onClick={() => seekTo(current + AUDIO.skipSeconds)}
        >
          <RotateCw aria-hidden />
        </Button>
      </div>
      <input
        type="range"
        aria-label={t('story.playbackPosition')}
        aria-valuetext={t('story.positionOf', { current: formatDuration(current), total: formatDuration(total) })}
        min={0}
        max={total || 0}
        step={0.1}
        value={Math.min(current, total || current)}
        onChange={(e) => seekTo(Number(e.target.value))}
        className="mt-3 w-full accent-glow-500"
      />
      <div className="mt-1 flex justify-between text-xs tabular-nums text-mist-400">
        <span>{formatDuration(current)}</span>
        <span>{formatDuration(total)}</span>
      </div>
    </div>
  );
}
