import { Lock } from 'lucide-react';
import { categoryEmoji } from '#common/categories';
import { ClaimLockLine } from '#client/components/stories/claim-lock-line';
import { isClaimLock } from '#client/lib/location/claim-lock-text';
import type { Story } from '#common/schemas';
import { timeLockLine } from '#client/lib/i18n/lock-words';
import { formatCreated, lockLines, metresToUnlock, storyTypeLabel } from '#client/lib/stories/story-display';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { formatNumber } from '#client/lib/i18n/format';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { useStoryInsightEvents } from '#client/lib/insights/use-story-insight-events';
import { StoryLanguageName } from '#client/components/stories/story-language-name';
import { StoryActions } from './story-actions';
import { StoryContent } from './story-content';
import { StoryTraces } from './story-traces';
import { HiddenNotice } from './hidden-notice';
import { isTimeLockReason } from '#common/lock-kinds';

/** The story (or why it is locked), its details and badges, then the actions. */
export function StoryDetailBody({ story }: { story: Story }) {
  const t = useT();
  const lockText = timeLockLine(t, story);
  // When the time lock is what holds the story, the locked notice already says it: said once, not twice.
  const saidByNotice = story.isLocked && (story.lockReasons ?? [story.lockReason]).some(isTimeLockReason);
  // Authors' insights (docs/decisions/018-insights-counts-not-readers.md): open, read, play and quartiles of an unlocked story, never the author's own.
  const { data: user } = useCurrentUser();
  const playback = useStoryInsightEvents(story, user?.id);
  return (
    <div className="grid gap-4">
      {story.moderation && <HiddenNotice moderation={story.moderation} />}
      {story.isLocked ? (
        <LockedNotice story={story} />
      ) : (
        <StoryContent story={story} playback={playback} isAuthor={user?.id === story.authorId} />
      )}
      {story.description && (
        <p lang={story.language} dir="auto" className="whitespace-pre-line text-sm text-mist-300">
          {story.description}
        </p>
      )}
      {lockText && !saidByNotice && (
        <section
          aria-labelledby={`lock-${story.id}`}
          className="rounded-xl border border-ember-500/40 bg-ember-500/10 p-3 text-sm"
        >
          <h3 id={`lock-${story.id}`} className="flex items-center gap-2 font-semibold text-ember-400">
            <Lock className="h-4 w-4" aria-hidden />
            {t('story.timeLockDetails')}
          </h3>
          <p className="mt-1 text-mist-100">{lockText}</p>
        </section>
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-night-700 px-2.5 py-1 text-mist-100">
          <span aria-hidden>{categoryEmoji(story.category)} </span>
          {categoryName(t, story.category)}
        </span>
        <span className="rounded-full bg-glow-600/30 px-2.5 py-1 text-glow-300">
          {t('story.typeStory', { type: storyTypeLabel(story.type) })}
        </span>
        {story.timeRestriction !== 'none' && (
          <span className="rounded-full bg-ember-500/20 px-2.5 py-1 text-ember-400">{t('story.timeLocked')}</span>
        )}
        <StoryLanguageName language={story.language} className="px-2.5 py-1" />
        <span className="ms-auto text-mist-400">{t('story.created', { date: formatCreated(story.createdAt) })}</span>
      </div>
      <StoryActions story={story} />
      <StoryTraces storyId={story.id} locked={story.isLocked} />
    </div>
  );
}

/** Why the server locked the story: too far away, or a time lock that is closed right now. */
function LockedNotice({ story }: { story: Story }) {
  const t = useT();
  if (isClaimLock(story.lockReason)) {
    // The reader's position claim was refused (docs/security.md, "Location: a position is a claim"): say why in plain words, not "walk closer".
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-night-600 bg-night-800/70 p-6 text-center">
        <span aria-hidden className="text-4xl">
          🔒
        </span>
        <ClaimLockLine reason={story.lockReason} className="font-semibold text-mist-100" />
      </div>
    );
  }
  const toWalk = metresToUnlock(story);
  // Every rule that holds it (docs/decisions/014-phone-round-2.md): the walk, and the time lock that would still hold it there.
  const lines = lockLines(story).map((line) => (line.startsWith('Walk closer') ? t('story.walkCloser') : line));
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-night-600 bg-night-800/70 p-6 text-center">
      <span aria-hidden className="text-4xl">
        🔒
      </span>
      {(lines.length ? lines : [t('story.lockedNow')]).map((line) => (
        <p key={line} className="font-semibold text-mist-100">
          {line}
        </p>
      ))}
      {toWalk !== null && (
        <p className="text-sm text-mist-300">
          {toWalk < 1000
            ? t('story.moreToGoMetres', { metres: formatNumber(toWalk) })
            : t('story.moreToGoKilometres', {
                kilometres: formatNumber(toWalk / 1000, {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                  useGrouping: false,
                }),
              })}
        </p>
      )}
    </div>
  );
}
