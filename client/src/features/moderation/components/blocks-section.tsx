import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';
import { useBlocks, useUnblock } from '../api/moderation';

/** "Blocked authors" on the profile screen (docs/design.md, rule 18): private; Unblock brings their stories back. */
export function BlocksSection() {
  const t = useT();
  const blocks = useBlocks(true);
  const unblock = useUnblock();
  const list = blocks.data ?? [];
  return (
    <section
      aria-labelledby="blocked-authors-title"
      className="mt-6 rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl sm:p-7"
    >
      <h2 id="blocked-authors-title" className="font-display text-xl font-semibold text-mist-100">
        {t('moderation.blockedAuthors')}
      </h2>
      <p className="mt-1 text-sm text-mist-300">{t('moderation.blockedExplain')}</p>
      {blocks.isLoading ? (
        <p role="status" className="mt-3 text-sm text-mist-300">
          {t('moderation.loading')}
        </p>
      ) : blocks.error ? (
        <p role="alert" className="mt-3 text-sm text-red-200">
          {t('moderation.blocksFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-mist-300">{t('moderation.noBlocks')}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {list.map((b) => (
            <li key={b.userId} className="flex items-center justify-between gap-3 rounded-lg bg-night-800 px-3 py-2">
              <span className="text-mist-100">{b.displayName}</span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(b.userId)}
                aria-label={t('moderation.unblockName', { name: b.displayName })}
              >
                {t('moderation.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
