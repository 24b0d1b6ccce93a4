/**
 * An author's page (docs/decisions/046-follows-daily-digest.md): display name, bio, the COUNT of public stories
 * (never a list of their places), the follower count and Follow. The page adds the author's public tours.
 */
import type { ReactNode } from 'react';
import type { AuthorPage } from '#common/trace-schemas';
import { FOLLOW_TEXTS, followerCountLine, publicStoryCountLine } from '#common/traces';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/api-client';
import { useSetFollowing } from '#client/lib/follows/author-follow';
import { messageToast } from '#client/lib/toast-message';
import { useT } from '#client/lib/i18n/use-t';

export function AuthorProfile({ author, tours }: { author: AuthorPage; tours: ReactNode }) {
  const t = useT();
  const setFollowing = useSetFollowing(author.id);
  return (
    <article className="grid gap-6">
      <header className="grid gap-3 rounded-2xl border border-night-700 bg-night-900/70 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-display text-3xl font-semibold text-mist-100">{author.displayName}</h1>
          {author.following !== null && (
            <Button
              type="button"
              aria-pressed={author.following}
              variant={author.following ? 'secondary' : 'default'}
              disabled={setFollowing.isPending}
              onClick={() =>
                setFollowing.mutate(!author.following, {
                  onError: (err) => messageToast(errorMessage(err, t('follows.actionFailed'))),
                })
              }
            >
              {author.following ? FOLLOW_TEXTS.following : FOLLOW_TEXTS.follow}
            </Button>
          )}
        </div>
        {author.bio && <p className="whitespace-pre-line text-mist-300">{author.bio}</p>}
        <p className="flex flex-wrap gap-4 text-sm text-mist-400">
          <span>{publicStoryCountLine(author.publicStoryCount)}</span>
          <span>{followerCountLine(author.followerCount)}</span>
        </p>
      </header>
      <section aria-labelledby="author-tours" className="grid gap-3">
        <h2 id="author-tours" className="font-display text-xl font-semibold text-mist-100">
          {t('follows.tours')}
        </h2>
        {author.tours.length === 0 ? <p className="text-sm text-mist-300">{t('follows.noTours')}</p> : tours}
      </section>
    </article>
  );
}
