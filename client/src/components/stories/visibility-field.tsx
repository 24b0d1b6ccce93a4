/**
 * A story's public/private switch (docs/decisions/016-walk-mode-and-tours.md: authors may switch a story between public and private). The create
 * form and the edit form both hold one. A private story is seen by its author only and drops out of every tour.
 */
import { useId } from 'react';

const VISIBILITY_TEXTS = {
  label: 'Public',
  public: 'Anyone who walks there can find it, and it can be a stop of your tours.',
  private: 'Private: only you can see it. It is not listed to anyone else and drops out of your tours.',
} as const;

export function VisibilityField({
  isPublic,
  onChange,
  disabled,
}: {
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
  disabled?: boolean;
}) {
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
        <span className="sr-only">{VISIBILITY_TEXTS.label}</span>
      </button>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-mist-100">
          {VISIBILITY_TEXTS.label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-mist-300">
          {isPublic ? VISIBILITY_TEXTS.public : VISIBILITY_TEXTS.private}
        </p>
      </div>
    </div>
  );
}
