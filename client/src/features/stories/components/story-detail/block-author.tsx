import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { messageToast } from '#client/lib/toast-message';
import { errorMessage } from '#client/lib/api-client';
import { useBlockAuthor } from '#client/features/stories/api/block-author';

/**
 * What a block does in this app, said before it is done (docs/design.md, rule 18; docs/moderation.md "Blocking";
 * docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md, 051-walker-stumbles-fourth-round.md).
 */
const BLOCK_EFFECTS = [
  'Their stories disappear for you everywhere: the map, lists, suggestions, tours and shared links.',
  'Notifications about their stories go, earlier ones too.',
  'Follows between you end; neither of you can follow the other or open the other’s author page.',
  'They cannot leave traces on your stories, and traces between you two are not shown.',
  'They are not told. You can unblock them on your profile.',
] as const;

/** "Block author", then a confirmation that says what blocking does; nothing is blocked until "Block" is pressed. */
export function BlockAuthor({ authorId, authorName }: { authorId: string; authorName: string | null }) {
  const block = useBlockAuthor();
  const [asking, setAsking] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = authorName ?? 'this author';
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
        {blocked ? 'Author blocked' : 'Block author'}
      </Button>
      {asking && !blocked && (
        <div
          role="group"
          aria-labelledby="block-confirm-title"
          className="grid basis-full gap-2 rounded-xl border border-red-500/40 bg-night-800/80 p-3 text-sm"
        >
          <p id="block-confirm-title" className="break-words font-semibold text-mist-100">
            Block {who}?
          </p>
          <ul className="grid list-disc gap-1 pl-5 text-mist-300">
            {BLOCK_EFFECTS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="text-red-200">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
              Cancel
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
                    messageToast(
                      'Author blocked: their stories are hidden for you. You can unblock them on your profile.',
                      'success',
                    );
                  },
                  onError: (err) => setError(errorMessage(err, 'Blocking failed. Please try again.')),
                })
              }
            >
              Block
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
