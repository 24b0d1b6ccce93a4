import { useId, useState, type ChangeEvent } from 'react';
import { Upload } from 'lucide-react';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { mediaSeconds, pickedFileProblem } from '../lib/pick-check';
import type { RecordedAudio } from '../lib/draft';
import { useT } from '#client/lib/i18n/use-t';

/** The extensions of the containers the server takes for audio: ".webm", ".ogg", ".m4a", ".mp3". */
const EXTENSIONS = Object.values(MEDIA_KIND_SPECS.audio.containers).map((format) => `.${format.extension}`);

/**
 * An audio story from a file instead of a recording: any container the server takes for audio
 * (common/media-kinds.ts), checked by content as it is picked; one it would refuse is not taken and its words say why.
 */
export function AudioFilePicker({
  onPicked,
  disabled,
}: {
  onPicked: (audio: RecordedAudio) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const inputId = useId();
  // "Accepted: .webm, .ogg, .m4a or .mp3"
  const accepted = t('create.audioAccepted', {
    formats: EXTENSIONS.slice(0, -1).join(t('create.listSeparator')),
    last: EXTENSIONS.at(-1),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReading(true);
    const refused = await pickedFileProblem('audio', file);
    setProblem(refused);
    if (refused) {
      input.value = '';
      setReading(false);
      return;
    }
    const seconds = await mediaSeconds(file);
    setReading(false);
    onPicked({ blob: file, duration: seconds ?? 0, name: file.name });
  }

  return (
    <div className="grid w-full gap-1.5 border-t border-night-700 pt-3 text-start">
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium text-mist-200">
        <Upload className="h-4 w-4" aria-hidden /> {t('create.uploadAudioFile')}
      </label>
      <input
        id={inputId}
        type="file"
        accept={MEDIA_KIND_SPECS.audio.accept}
        onChange={(event) => void handleChange(event)}
        disabled={disabled || reading}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
        className="block w-full min-w-0 cursor-pointer rounded-lg border border-dashed border-night-600 bg-night-800/60 p-2 text-sm text-mist-300 file:me-3 file:rounded-md file:border-0 file:bg-glow-600 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-white hover:border-glow-400"
      />
      {problem ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="text-xs text-mist-400">
          {accepted}
        </p>
      )}
    </div>
  );
}
