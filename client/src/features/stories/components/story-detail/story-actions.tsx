import { Flag, Heart, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Story } from '#common/schemas';
import { MESSAGES } from '#common/messages';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { ACCOUNT_REQUIRED, showAccountRequired } from '#client/lib/account-required';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { messageToast } from '#client/lib/toast-message';
import { useLikeStory, useUnlikeStory } from '#client/features/stories/api/like-story';
import { cn } from '#client/lib/utils';
import { STORY_TOASTS } from '#client/features/stories/lib/story-toasts';
import { reportInsightEvent } from '#client/lib/insights/report-event';
import { PosterAndEmbed } from '#client/components/share/poster-and-embed';
import { ReportForm } from './report-form';
import { BlockAuthor } from './block-author';

/** Like, Share and Report (docs/design.md, part 4); signed-out readers are asked to sign in. */
export function StoryActions({ story }: { story: Story }) {
  const t = useT();
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const like = useLikeStory();
  const unlike = useUnlikeStory();
  // What the server last answered here (count and state); until then, what the dialog opened with.
  const [answered, setAnswered] = useState<{ likes: number; liked: boolean } | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reportedNow, setReportedNow] = useState(false);
  const reported = reportedNow || Boolean(story.reportedByMe);
  // Once liked here, the count shows +1 of what the dialog opened with (docs/design.md, part 4 "Like").
  const liked = answered?.liked ?? Boolean(story.likedByMe);
  const likes = answered?.likes ?? story.likes;
  // Nobody likes or reports their own story (docs/design.md, rule 13): the author sees the count, not the buttons.
  const isOwnStory = user?.id === story.authorId;

  // Also said inside the dialog: its focus trap keeps keyboard and screen-reader users from the toast's Sign In.
  const [accountNotice, setAccountNotice] = useState<string | null>(null);
  const requireAccount = (description: string) => {
    setAccountNotice(description);
    showAccountRequired(description, navigate);
  };

  // A toggle (docs/decisions/014-phone-round-2.md): on shows as on, and a second press takes the like back.
  const onLike = () => {
    if (!user) return requireAccount(ACCOUNT_REQUIRED.like);
    if (liked) {
      unlike.mutate(story.id, { onSuccess: setAnswered, onError: () => messageToast(STORY_TOASTS.likeFailed) });
      return;
    }
    like.mutate(story.id, {
      onSuccess: (result) => {
        setAnswered(result);
        messageToast(STORY_TOASTS.liked, 'success');
      },
      onError: () => messageToast(STORY_TOASTS.likeFailed),
    });
  };
  // Likes need the story unlocked for this reader (docs/design.md, rule 11): a locked one says so instead.
  const lockedForReader = story.isLocked && !isOwnStory;
  // Reports too, unless it was unlocked for them before (the one-story read says so): said before the form opens.
  const cannotReport = lockedForReader && story.unlockedByMe !== true;
  const [reportRefused, setReportRefused] = useState(false);

  const onShare = async () => {
    const url = new URL(paths.story(story.id), window.location.origin).toString();
    // Authors' insights (docs/decisions/018-insights-counts-not-readers.md): a share of an unlocked story by someone else.
    if (!story.isLocked && !isOwnStory) reportInsightEvent(story.id, 'share');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: story.title, text: story.description ?? story.title, url });
      } catch {
        // Cancelled (AbortError) or refused: the spec shows nothing.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      messageToast(STORY_TOASTS.linkCopied, 'success');
    } catch {
      toast({ title: t('story.shareFailed'), description: url, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-3 border-t border-night-700 pt-4">
      <div className="flex flex-wrap gap-2">
        {isOwnStory ? (
          <span className="inline-flex h-10 items-center gap-2 rounded-lg bg-night-800 px-4 text-sm text-mist-100">
            <Heart className="h-4 w-4" aria-hidden />
            {t('story.likesCount', { count: likes })}
          </span>
        ) : lockedForReader ? (
          <span className="inline-flex h-10 items-center gap-2 rounded-lg bg-night-800 px-3 text-sm text-mist-300">
            <Heart className="h-4 w-4" aria-hidden />
            {t('story.unlockToLike', { count: likes })}
          </span>
        ) : (
          // Not liked: an outline heart on an outline button; liked: filled, pressed (docs/decisions/051-walker-stumbles-fourth-round.md).
          <Button
            type="button"
            variant={liked ? 'default' : 'outline'}
            onClick={onLike}
            disabled={like.isPending || unlike.isPending}
            aria-pressed={liked}
            aria-label={t('story.likeLabel', { count: likes })}
            title={liked ? t('story.likedTitle') : undefined}
            data-liked={liked}
          >
            <Heart className={cn(liked && 'fill-current')} aria-hidden />
            {likes}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={() => void onShare()}>
          <Share2 aria-hidden />
          {t('story.share')}
        </Button>
        {!isOwnStory && reported && (
          <span className="inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm text-mist-300">
            <Flag aria-hidden className="h-4 w-4" />
            {t('story.reported')}
          </span>
        )}
        {!isOwnStory && !reported && (
          <Button
            type="button"
            variant="ghost"
            aria-expanded={cannotReport ? undefined : reporting}
            onClick={() => {
              if (!user) return requireAccount(ACCOUNT_REQUIRED.report);
              if (cannotReport) return setReportRefused(true);
              setReporting((r) => !r);
            }}
          >
            <Flag aria-hidden />
            {t('story.report')}
          </Button>
        )}
        {/* Blocking (docs/design.md, rule 18): private; the author's stories vanish for this reader everywhere. */}
        {!isOwnStory && user && <BlockAuthor authorId={story.authorId} authorName={story.author.displayName} />}
      </div>
      {/* Only a story with a share page (public, not hidden) has a code and a card (docs/decisions/055-qr-posters-and-embeds.md). */}
      {story.isPublic && !story.moderation && <PosterAndEmbed kind="story" id={story.id} title={story.title} />}
      {reportRefused && cannotReport && (
        <p role="alert" className="text-sm text-mist-300">
          {MESSAGES.notUnlocked}
        </p>
      )}
      {accountNotice && (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-mist-300">
          {accountNotice}
          <Button type="button" size="sm" variant="outline" onClick={() => navigate(paths.auth)}>
            {t('story.signIn')}
          </Button>
        </p>
      )}
      {reporting && !isOwnStory && !reported && (
        <ReportForm
          storyId={story.id}
          onDone={(sent) => {
            setReporting(false);
            if (sent) setReportedNow(true);
          }}
        />
      )}
    </div>
  );
}
