import { X } from 'lucide-react';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';

/**
 * What became of the last publish, in the dialog's footer: the server's refusal (an alert) or "Upload cancelled"
 * (a note). It stays until the author dismisses it or changes the draft — never on a timer
 * (docs/decisions/052-offline-screens-and-creating.md).
 */
export function PublishProblem({
  text,
  kind,
  onDismiss,
}: {
  text: string;
  kind: 'error' | 'note';
  onDismiss: () => void;
}) {
  const t = useT();
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
        kind === 'error'
          ? 'border-red-500/50 bg-red-500/15 text-red-100'
          : 'border-night-600 bg-night-800 text-mist-100',
      )}
    >
      <p className="min-w-0 flex-1 wrap-anywhere">{text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('create.dismiss')}
        className="-m-1 shrink-0 rounded-md p-1 text-mist-300 hover:text-mist-100 focus-visible:outline-2 focus-visible:outline-glow-400"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
