/**
 * /discover's "From authors you follow" (docs/decisions/046-follows-daily-digest.md): newest first, each story
 * locked or open as the server decided for this reader; a click opens the story dialog the page owns.
 */
import { Lock, Unlock } from 'lucide-react';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { FOLLOW_TEXTS } from '#common/traces';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { useFollowedStories } from '../api/followed-stories';

export function FollowedStoriesSection({
  reader,
  onOpenStory,
}: {
  reader: Point | null;
  onOpenStory: (story: Story) => void;
}) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const stories = useFollowedStories(reader, Boolean(user));
  if (!user) return null;
  return (
    <section aria-labelledby="from-authors-you-follow" className="mt-8 grid gap-3">
      <h2 id="from-authors-you-follow" className="font-display text-2xl font-semibold text-mist-100">
        {FOLLOW_TEXTS.fromAuthorsYouFollow}
      </h2>
      {stories.isLoading && (
        <p role="status" className="text-sm text-mist-300">
          {t('follows.looking')}
        </p>
      )}
      {stories.data?.length === 0 && <p className="text-sm text-mist-300">{t('follows.empty')}</p>}
      {stories.data && stories.data.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stories.data.map((story) => (
            <li key={story.id}>
              <button
                type="button"
                onClick={() => onOpenStory(story)}
                className="grid w-full gap-1 rounded-2xl border border-night-700 bg-night-900/70 p-4 text-start transition-colors hover:border-glow-500/60"
              >
                <span className="font-semibold text-mist-100">{story.title}</span>
                <span className="text-xs text-mist-400">{story.author?.displayName}</span>
                <span className="inline-flex items-center gap-1 text-xs text-mist-300">
                  {story.isLocked ? (
                    <Lock className="h-3.5 w-3.5" aria-hidden />
                  ) : (
                    <Unlock className="h-3.5 w-3.5" aria-hidden />
                  )}
                  {story.isLocked ? t('follows.locked') : t('follows.unlocked')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
