import { AR } from '#common/constants';
import { formatNumber } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';

/** "All" in the selector: up to AR.maxCount markers. */
const ALL_COUNT = AR.maxCount;

const CHOICES: { value: number; label: number | 'all' }[] = [
  ...AR.countChoices.map((n) => ({ value: n, label: n })),
  { value: ALL_COUNT, label: 'all' as const },
];

/** How many markers to show at once (spec: 1, 3, 5, 7 or All up to 12; default 5), as a radio group. */
export function CountSelector({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  const t = useT();
  return (
    <fieldset className="flex items-center gap-1.5 rounded-full bg-black/55 px-2 py-1 backdrop-blur">
      <legend className="sr-only">{t('camera.storiesToShow')}</legend>
      <span aria-hidden className="ps-1 pe-0.5 text-xs text-mist-300">
        {t('camera.show')}
      </span>
      {CHOICES.map((choice) => (
        <label
          key={choice.label}
          className={cn(
            'relative flex h-8 min-w-8 cursor-pointer items-center justify-center rounded-full px-2 text-xs font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-white',
            value === choice.value ? 'bg-glow-600 text-white' : 'text-mist-100 hover:bg-white/10',
          )}
        >
          <input
            type="radio"
            name="ar-story-count"
            // Invisible but covering the pill, so the whole pill is the radio's touch target.
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label === 'all' ? t('camera.all') : formatNumber(choice.label)}
        </label>
      ))}
    </fieldset>
  );
}
