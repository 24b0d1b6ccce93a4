import { Clock, Flag, Heart, Lock, MapPin, Share2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { categoryEmoji } from '#common/categories';
import { LIMITS } from '#common/constants';
import type { Location, Story } from '#common/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../../components/ui/input';
import { ToastAction } from '../../../components/ui/toaster';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useStory } from '../api/get-story';
import { useLikeStory } from '../api/like-story';
import { useReportStory } from '../api/report-story';
import { useReaderAccuracy } from '../../../lib/geolocation';
import { ClaimLockLine } from '../../location/components/claim-lock-line';
import { isClaimLock } from '../../location/lib/claim-lock-text';
import { isStoryLocked, metresToUnlock, timeLockText } from '../lib/lock';
import { formatCreated, formatDuration, storyTypeIcon, storyTypeLabel } from '../lib/story-display';
import { STORY_TOASTS, toastParts } from '../lib/story-toasts';
import { AudioPlayer } from './audio-player';

interface StoryDetailDialogProps {
  storyId: string | null;
  /** The story as a list already knows it: shown at once while the fresh copy loads. */
  initialStory?: Story;
  /** Where the reader is (distance and lock state are computed by the server from it). */
  location: Location | null;
  onClose: () => void;
}

/** Spec section 2 "Story detail dialog". */
export function StoryDetailDialog({ storyId, initialStory, location, onClose }: StoryDetailDialogProps) {
  const accuracy = useReaderAccuracy();
  const query = useStory(storyId, location, initialStory?.id === storyId ? initialStory : undefined, accuracy);
  const story = query.data;
  const title = story?.title ?? (query.isError ? 'Story not found' : 'Loading story...');
  return (
    <Dialog open={storyId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={story ? <StoryByline story={story} /> : undefined} className="max-w-xl">
        {story ? (
          <StoryDetailBody key={story.id} story={story} />
        ) : query.isError ? (
          <p className="text-sm text-mist-300">{errorMessage(query.error, 'This story could not be loaded.')}</p>
        ) : (
          <p className="text-sm text-mist-300">Loading story...</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function StoryByline({ story }: { story: Story }) {
  const showDuration = (story.type === 'audio' || story.type === 'video') && story.duration;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{story.author?.displayName || 'Anonymous'}</span>
      {showDuration ? (
        <span className="inline-flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {formatDuration(story.duration)}
        </span>
      ) : null}
      {typeof story.distance === 'number' && (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          {Math.round(story.distance)} m away
        </span>
      )}
    </span>
  );
}

function StoryDetailBody({ story }: { story: Story }) {
  const locked = isStoryLocked(story);
  const lockText = timeLockText(story);
  return (
    <div className="grid gap-4">
      {locked ? <LockedNotice story={story} /> : <StoryContent story={story} />}
      {story.description && <p className="whitespace-pre-line text-sm text-mist-300">{story.description}</p>}
      {lockText && (
        <section aria-labelledby={`lock-${story.id}`} className="rounded-xl border border-ember-500/40 bg-ember-500/10 p-3 text-sm">
          <h3 id={`lock-${story.id}`} className="flex items-center gap-2 font-semibold text-ember-400">
            <Lock className="h-4 w-4" aria-hidden />
            Time-Lock Details
          </h3>
          <p className="mt-1 text-mist-100">{lockText}</p>
        </section>
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-night-700 px-2.5 py-1 text-mist-100">
          <span aria-hidden>{categoryEmoji(story.category)} </span>
          {story.category}
        </span>
        <span className="rounded-full bg-glow-600/30 px-2.5 py-1 text-glow-300">{storyTypeLabel(story.type)} Story</span>
        {story.timeRestriction !== 'none' && (
          <span className="rounded-full bg-ember-500/20 px-2.5 py-1 text-ember-400">Time-Locked</span>
        )}
        <span className="ml-auto text-mist-400">Created {formatCreated(story.createdAt)}</span>
      </div>
      <StoryActions story={story} />
    </div>
  );
}

function LockedNotice({ story }: { story: Story }) {
  if (isClaimLock(story.lockReason)) {
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
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-night-600 bg-night-800/70 p-6 text-center">
      <span aria-hidden className="text-4xl">
        🔒
      </span>
      <p className="font-semibold text-mist-100">Walk closer to unlock this story</p>
      {toWalk !== null && <p className="text-sm text-mist-300">About {toWalk} m more to go.</p>}
      {story.lockReason && story.lockReason !== 'distance' && (
        <p className="text-sm text-mist-300">{timeLockText(story) ?? 'This story is time-locked right now.'}</p>
      )}
    </div>
  );
}

function StoryContent({ story }: { story: Story }) {
  switch (story.type) {
    case 'audio':
      return story.audioUrl ? <AudioPlayer src={story.audioUrl} fallbackDuration={story.duration} /> : <NoMedia />;
    case 'image':
      return story.imageUrl ? (
        <img src={story.imageUrl} alt={story.title} className="max-h-[60dvh] w-full rounded-xl object-contain" />
      ) : (
        <NoMedia />
      );
    case 'video':
      return story.videoUrl ? (
        <video
          src={story.videoUrl}
          poster={story.thumbnailUrl ?? undefined}
          controls
          playsInline
          aria-label={story.title}
          className="max-h-[60dvh] w-full rounded-xl bg-black"
          // Spec: volume 0.8, unmuted (the attribute cannot set volume, so set it once the element exists).
          ref={(video) => {
            if (video) {
              video.volume = 0.8;
              video.muted = false;
            }
          }}
        />
      ) : (
        <NoMedia />
      );
    case 'tiktok':
      return <TikTokCard story={story} />;
    default:
      return <p className="whitespace-pre-line leading-relaxed text-mist-100">{story.content}</p>;
  }
}

function NoMedia() {
  return <p className="text-sm text-mist-400">This story's media is not available.</p>;
}

function TikTokCard({ story }: { story: Story }) {
  if (!story.tiktokUrl) return <NoMedia />;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-night-600 bg-gradient-to-br from-pink-600/20 to-cyan-500/20 p-6 text-center">
      <span aria-hidden className="text-4xl">
        {storyTypeIcon('tiktok')}
      </span>
      <Button asChild>
        <a href={story.tiktokUrl} target="_blank" rel="noopener noreferrer">
          Watch on TikTok
        </a>
      </Button>
      <a href={story.tiktokUrl} target="_blank" rel="noopener noreferrer" className="text-sm text-glow-300 underline-offset-4 hover:underline">
        View original on TikTok
      </a>
      {story.tiktokVideoId && <p className="text-xs text-mist-400">Video ID: {story.tiktokVideoId}</p>}
    </div>
  );
}

function StoryActions({ story }: { story: Story }) {
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const like = useLikeStory();
  const [likedNow, setLikedNow] = useState(false);
  const [reporting, setReporting] = useState(false);
  const alreadyLiked = Boolean(story.likedByMe) && !likedNow;
  // Once liked here, the count shows +1 of what the dialog opened with (spec section 4 "Like").
  const [baseLikes] = useState(story.likes);
  const likes = likedNow ? baseLikes + 1 : story.likes;

  // Also said inside the dialog: its focus trap keeps keyboard and screen-reader users from the toast's Sign In.
  const [accountNotice, setAccountNotice] = useState<string | null>(null);
  const requireAccount = (description: string) => {
    setAccountNotice(description);
    toast({
      title: 'Account Required',
      description,
      action: (
        <ToastAction altText="Sign In" onClick={() => navigate(paths.auth)}>
          Sign In
        </ToastAction>
      ),
    });
  };

  const onLike = () => {
    if (!user) return requireAccount('Please sign in to like stories.');
    like.mutate(story.id, {
      onSuccess: () => {
        setLikedNow(true);
        toast({ ...toastParts(STORY_TOASTS.liked), variant: 'success' });
      },
      onError: () => toast({ ...toastParts(STORY_TOASTS.likeFailed), variant: 'destructive' }),
    });
  };

  const onShare = async () => {
    const url = new URL(paths.story(story.id), window.location.origin).toString();
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
      toast({ ...toastParts(STORY_TOASTS.linkCopied), variant: 'success' });
    } catch {
      toast({ title: 'Share failed', description: url, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-3 border-t border-night-700 pt-4">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant={likedNow || alreadyLiked ? 'secondary' : 'default'} onClick={onLike} disabled={likedNow || alreadyLiked || like.isPending} aria-label={`Like (${likes} likes)`}>
          <Heart className={likedNow || alreadyLiked ? 'fill-current' : undefined} aria-hidden />
          {likes}
        </Button>
        <Button type="button" variant="outline" onClick={onShare}>
          <Share2 aria-hidden />
          Share
        </Button>
        <Button
          type="button"
          variant="ghost"
          aria-expanded={reporting}
          onClick={() => (user ? setReporting((r) => !r) : requireAccount('Please sign in to report stories.'))}
        >
          <Flag aria-hidden />
          Report
        </Button>
      </div>
      {accountNotice && (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-mist-300">
          {accountNotice}
          <Button type="button" size="sm" variant="outline" onClick={() => navigate(paths.auth)}>
            Sign In
          </Button>
        </p>
      )}
      {reporting && <ReportForm storyId={story.id} onDone={() => setReporting(false)} />}
    </div>
  );
}

function ReportForm({ storyId, onDone }: { storyId: string; onDone: () => void }) {
  const report = useReportStory();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please tell us why you are reporting this story.');
    report.mutate(
      { id: storyId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ ...toastParts(STORY_TOASTS.reported), variant: 'success' });
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Failed to report story.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-xl border border-night-700 bg-night-800/60 p-3" noValidate>
      <Label htmlFor={`report-reason-${storyId}`}>Why are you reporting this story?</Label>
      <Textarea
        id={`report-reason-${storyId}`}
        value={reason}
        maxLength={LIMITS.reportReasonMax}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `report-error-${storyId}` : undefined}
        rows={3}
      />
      <FieldError id={`report-error-${storyId}`}>{error}</FieldError>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" variant="destructive" disabled={report.isPending}>
          Send report
        </Button>
      </div>
    </form>
  );
}
