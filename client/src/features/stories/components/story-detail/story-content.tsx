import { unreachable } from '#common/exhaustive';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { storyTypeIcon } from '#client/lib/stories/story-display';
import type { PlaybackInsightHandlers } from '#client/lib/insights/use-story-insight-events';
import { AudioPlayer } from '../audio-player';

/** An unlocked story's content, by type: player, picture, video, TikTok link or text. */
export function StoryContent({ story, playback }: { story: Story; playback?: PlaybackInsightHandlers }) {
  switch (story.type) {
    case 'audio':
      return story.audioUrl ? <AudioPlayer src={story.audioUrl} fallbackDuration={story.duration} playback={playback} /> : <NoMedia />;
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
          onPlay={playback?.onPlay}
          onTimeUpdate={(e) => playback?.onTimeUpdate(e.currentTarget)}
          onEnded={playback?.onEnded}
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
    case 'text':
      return <p className="whitespace-pre-line leading-relaxed text-mist-100">{story.content}</p>;
    default:
      return unreachable(story.type);
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
