/**
 * A story's public/private switch (docs/decisions/016-walk-mode-and-tours.md: authors may switch a story between public and private). The create
 * form and the edit form both hold one. A private story is seen by its author only and drops out of every tour.
 */
import { useId } from 'react';
import { useT } from '#client/lib/i18n/use-t';

export function VisibilityField({
  isPublic,
  onChange,
  disabled,
}: {
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-night-700 bg-night-900/50 p-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={isPublic}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!isPublic)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-glow-400 disabled:opacity-50 ${isPublic ? 'bg-glow-600' : 'bg-night-600'}`}
      >
        <span
          aria-hidden
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${isPublic ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
        <span className="sr-only">{t('story.visibilityLabel')}</span>
      </button>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-mist-100">
          {t('story.visibilityLabel')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-mist-300">
          {isPublic ? t('story.visibilityPublic') : t('story.visibilityPrivate')}
        </p>
      </div>
    </div>
  );
}
