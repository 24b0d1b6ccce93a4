import { Mic, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { cn } from '#client/lib/utils';
import { useAudioRecorder, recordingFailedTitle } from '../hooks/use-audio-recorder';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatDuration } from '#client/lib/stories/story-display';
import { formatKb, type RecordedAudio } from '../lib/draft';
import { AudioFilePicker } from './audio-file-picker';
import { useT } from '#client/lib/i18n/use-t';

function showRecordingError(message: string) {
  toast({ title: recordingFailedTitle(), description: message, variant: 'destructive' });
}

/**
 * Idle → recording (pulsing mic, seconds timer) → stopped with preview playback; Reset clears (docs/design.md, part 4).
 * Idle also offers an audio file instead of a recording (audio-file-picker.tsx).
 */
export function AudioRecorder({
  audio,
  onChange,
  disabled,
}: {
  audio: RecordedAudio | null;
  onChange: (audio: RecordedAudio | null) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const recorder = useAudioRecorder({ onRecorded: onChange, onError: showRecordingError });
  const previewUrl = useObjectUrl(audio?.blob);
  // The seconds timer comes into view (above the dialog's sticky footer) as recording starts (docs/decisions/014-phone-round-2.md).
  const timerRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (recorder.isRecording) timerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [recorder.isRecording]);

  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-night-600 bg-night-800/60 p-4 text-center">
      {recorder.isRecording ? (
        <>
          <button
            type="button"
            onClick={recorder.stop}
            aria-label={t('create.stopRecording')}
            className="grid h-16 w-16 place-items-center rounded-full bg-red-600 text-white animate-pulse-ring hover:bg-red-500"
          >
            <Square className="h-6 w-6" aria-hidden fill="currentColor" />
          </button>
          <p ref={timerRef} className="text-sm text-mist-100" aria-live="polite">
            <span className="me-2 inline-block h-2 w-2 rounded-full bg-red-500" aria-hidden />
            {t('create.recording')}{' '}
            <span data-testid="recording-seconds">{t('create.recordingSeconds', { seconds: recorder.seconds })}</span>
          </p>
          <p className="text-xs text-mist-400">{t('create.tapToStop')}</p>
        </>
      ) : audio ? (
        <>
          <p className="wrap-anywhere text-sm text-mist-100">
            {audio.name ? t('create.fileReady', { name: audio.name }) : t('create.recordingReady')}
            {audio.duration > 0 && ` · ${formatDuration(audio.duration)}`} · {formatKb(audio.blob.size)}
          </p>
          {previewUrl && (
            <audio controls src={previewUrl} aria-label={t('create.recordingPreview')} dir="ltr" className="w-full">
              <track kind="captions" />
            </audio>
          )}
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            <RotateCcw aria-hidden /> {audio.name ? t('create.removeFile') : t('create.resetRecording')}
          </Button>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={() => void recorder.start()}
            disabled={disabled || recorder.isStarting}
            aria-label={t('create.startRecording')}
            className={cn(
              'grid h-16 w-16 place-items-center rounded-full bg-glow-600 text-white hover:bg-glow-500 disabled:opacity-50',
            )}
          >
            <Mic className="h-7 w-7" aria-hidden />
          </button>
          <p className="text-sm text-mist-300">
            {recorder.isStarting ? t('create.waitingForMic') : t('create.tapToRecord')}
          </p>
          <AudioFilePicker onPicked={onChange} disabled={disabled || recorder.isStarting} />
        </>
      )}
    </div>
  );
}
