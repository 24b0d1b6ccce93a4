import { Clock, ExternalLink, MapPin } from 'lucide-react';
import { coordinatesLabel, navigateUrl } from '#common/discovery-text';
import { nearPlace } from '#client/lib/i18n/lock-words';
import type { Story } from '#common/schemas';
import { formatDuration, storyDistanceText } from '#client/lib/stories/story-display';
import { isTimedStory } from '#common/media-kinds';
import { Link } from 'wouter';
import { FOLLOW_TEXTS } from '#common/traces';
import { paths } from '#client/config/paths';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { useAuthorPage, useSetFollowing } from '#client/lib/follows/author-follow';

/** Beyond this the reader is not nearby: the place gets a name they know, or a way to look it up (docs/decisions/014-phone-round-2.md). */
const FAR_AWAY_M = 1000;

/**
 * The dialog's header line under the title: author, media length and distance ("14 m away", "359.3 km away");
 * far away, where the story is: the spec's known Savannah coordinate by name, elsewhere the town it is near
 * ("near Savannah, Georgia") and an "Open in maps" link.
 */
export function StoryByline({ story }: { story: Story }) {
  const t = useT();
  const showDuration = isTimedStory(story.type) && story.duration;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Link
        href={paths.author(story.authorId)}
        className="underline decoration-glow-400/40 underline-offset-2 hover:text-mist-100"
      >
        {story.author?.displayName || t('story.anonymous')}
      </Link>
      <FollowFromByline authorId={story.authorId} />
      {showDuration ? (
        <span className="inline-flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {formatDuration(story.duration)}
        </span>
      ) : null}
      {typeof story.distance === 'number' && (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          {t('story.distanceAway', { distance: storyDistanceText(story) })}
        </span>
      )}
      {typeof story.distance === 'number' && story.distance > FAR_AWAY_M && <PlaceName story={story} />}
    </span>
  );
}

function PlaceName({ story }: { story: Story }) {
  const t = useT();
  const label = coordinatesLabel(story.latitude, story.longitude);
  if (label === 'Historic Savannah District') return <span>{label}</span>;
  return (
    <>
      {/* The town nearest the story's published position (from the server's offline gazetteer). */}
      {story.placeName && <span>{nearPlace(t, story.placeName)}</span>}
      <a
        href={navigateUrl(story.latitude, story.longitude)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 underline decoration-glow-400/60 underline-offset-2 hover:text-mist-100"
      >
        {t('story.openInMaps')}
        <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">{t('story.opensInNewTab')}</span>
      </a>
    </>
  );
}

/** Follow or unfollow the author from the byline (signed in, not one's own story). */
function FollowFromByline({ authorId }: { authorId: string }) {
  const { data: user } = useCurrentUser();
  const own = user?.id === authorId;
  const page = useAuthorPage(user && !own ? authorId : null);
  const setFollowing = useSetFollowing(authorId);
  if (!user || own || !page.data || page.data.following === null) return null;
  const following = page.data.following;
  return (
    <button
      type="button"
      aria-pressed={following}
      disabled={setFollowing.isPending}
      onClick={() => setFollowing.mutate(!following)}
      className="rounded-full border border-glow-500/50 px-2 py-0.5 text-xs text-glow-300 hover:bg-glow-600/20"
    >
      {following ? FOLLOW_TEXTS.following : FOLLOW_TEXTS.follow}
    </button>
  );
}
