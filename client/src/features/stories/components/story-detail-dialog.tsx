import type { Location, Story } from '#common/schemas';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { errorMessage } from '#client/lib/api-client';
import { useReaderAccuracy } from '#client/lib/geolocation';
import { useStory } from '../api/get-story';
import { StoryByline } from './story-detail/story-byline';
import { StoryDetailBody } from './story-detail/story-detail-body';
import { StoryAuthorActions } from './story-author-actions';

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
          <>
            <StoryDetailBody key={story.id} story={story} />
            <StoryAuthorActions story={story} onDeleted={onClose} />
          </>
        ) : query.isError ? (
          <p className="text-sm text-mist-300">{errorMessage(query.error, 'This story could not be loaded.')}</p>
        ) : (
          <p className="text-sm text-mist-300">Loading story...</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
