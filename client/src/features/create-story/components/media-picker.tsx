import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Film, X } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/input';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatDuration } from '#client/lib/stories/story-display';
import { formatFileSize } from '../lib/draft';
import { pickedFileProblem } from '../lib/pick-check';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { useT } from '#client/lib/i18n/use-t';

/**
 * The picker of the image and video tabs (accepts image/* or video/*), with a preview of the chosen file.
 * A hidden native input keeps the browser's own file dialog (and the camera option on phones). The file is checked
 * by content as it is picked (lib/pick-check.ts): one the server would refuse is not taken, and the server's words
 * say why under the field.
 */
export function MediaPicker({
  kind,
  file,
  duration,
  onChange,
  onDuration,
  disabled,
}: {
  kind: 'image' | 'video';
  file: File | null;
  /** Video only: seconds read from the file's metadata. */
  duration?: number | null;
  onChange: (file: File | null) => void;
  onDuration?: (seconds: number | null) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  const label = kind === 'image' ? t('create.storyImage') : t('create.storyVideo');
  const Icon = kind === 'image' ? ImagePlus : Film;
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${inputId}-error`;

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = input.files?.[0] ?? null;
    const refused = picked ? await pickedFileProblem(kind, picked) : null;
    setProblem(refused);
    if (refused) input.value = '';
    onChange(refused ? null : picked);
  }

  function clear() {
    onChange(null);
    setProblem(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept={MEDIA_KIND_SPECS[kind].accept}
        onChange={(event) => void handleChange(event)}
        disabled={disabled}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        className="block w-full cursor-pointer rounded-lg border border-dashed border-night-600 bg-night-800/60 p-3 text-sm text-mist-300 file:me-3 file:rounded-md file:border-0 file:bg-glow-600 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-white hover:border-glow-400"
      />
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      {!file && !problem && (
        <p className="flex items-center gap-2 text-xs text-mist-400">
          <Icon className="h-4 w-4" aria-hidden />
          {kind === 'image' ? t('create.choosePhoto') : t('create.chooseVideo')}
        </p>
      )}
      {file && previewUrl && (
        <div className="grid gap-2 rounded-xl border border-night-600 bg-night-800/60 p-3">
          {kind === 'image' ? (
            <img
              src={previewUrl}
              alt={t('create.selectedImagePreview')}
              className="max-h-56 w-full rounded-lg object-contain"
            />
          ) : (
            <video
              src={previewUrl}
              controls
              muted
              playsInline
              preload="metadata"
              aria-label={t('create.selectedVideoPreview')}
              dir="ltr"
              className="max-h-56 w-full rounded-lg bg-black"
              onLoadedMetadata={(event) => {
                const seconds = event.currentTarget.duration;
                // Browser recordings may report Infinity until fully read; the server measures those itself.
                onDuration?.(Number.isFinite(seconds) ? Math.max(1, Math.round(seconds)) : null);
              }}
            />
          )}
          <div className="flex items-center justify-between gap-2 text-xs text-mist-300">
            <span className="min-w-0 truncate">
              {file.name} · {formatFileSize(file.size)}
              {kind === 'video' && duration ? ` · ${formatDuration(duration)}` : ''}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={disabled}>
              <X aria-hidden /> {t('create.remove')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
