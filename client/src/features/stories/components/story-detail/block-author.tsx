import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { messageToast } from '#client/lib/toast-message';
import { errorMessage } from '#client/lib/api-client';
import { useT } from '#client/lib/i18n/use-t';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useBlockAuthor } from '#client/features/stories/api/block-author';

/**
 * What a block does in this app, said before it is done (docs/design.md, rule 18; docs/moderation.md "Blocking";
 * docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md, 051-walker-stumbles-fourth-round.md).
 */
const BLOCK_EFFECTS: readonly MessageId[] = [
  'story.blockEffectStories',
  'story.blockEffectNotifications',
  'story.blockEffectFollows',
  'story.blockEffectTraces',
  'story.blockEffectNotTold',
];

/** "Block author", then a confirmation that says what blocking does; nothing is blocked until "Block" is pressed. */
export function BlockAuthor({ authorId, authorName }: { authorId: string; authorName: string | null }) {
  const t = useT();
  const block = useBlockAuthor();
  const [asking, setAsking] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = authorName ?? t('story.thisAuthor');
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        disabled={blocked || block.isPending}
        aria-expanded={asking}
        onClick={() => setAsking((a) => !a)}
      >
        <Ban aria-hidden />
        {blocked ? t('story.authorBlocked') : t('story.blockAuthor')}
      </Button>
      {asking && !blocked && (
        <div
          role="group"
          aria-labelledby="block-confirm-title"
          className="grid basis-full gap-2 rounded-xl border border-red-500/40 bg-night-800/80 p-3 text-sm"
        >
          <p id="block-confirm-title" className="break-words font-semibold text-mist-100">
            {t('story.blockConfirmTitle', { who })}
          </p>
          <ul className="grid list-disc gap-1 ps-5 text-mist-300">
            {BLOCK_EFFECTS.map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="text-red-200">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
              {t('story.cancel')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={block.isPending}
              onClick={() =>
                block.mutate(authorId, {
                  onSuccess: () => {
                    setBlocked(true);
                    setAsking(false);
                    messageToast(t('story.blockedToast'), 'success');
                  },
                  onError: (err) => setError(errorMessage(err, t('story.blockFailed'))),
                })
              }
            >
              {t('story.block')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
