import { formatNumber } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';

/** Upload progress of the publish request, as a labelled progress bar with its percent. */
export function UploadProgress({ percent, done }: { percent: number; done: boolean }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  // "45%" in English; the reader's language places its own percent sign.
  const percentText = formatNumber(value / 100, { style: 'percent' });
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="flex justify-between text-xs text-mist-300">
        <span>{done ? t('create.published') : value < 100 ? t('create.uploading') : t('create.processing')}</span>
        <span>{percentText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('create.uploadProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={percentText}
        className="h-2 w-full overflow-hidden rounded-full bg-night-700"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-glow-600 to-glow-400 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
