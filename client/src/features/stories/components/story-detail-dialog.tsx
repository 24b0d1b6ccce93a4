import { type Story } from '#common/schemas';
import type { Point } from '#common/geo';
import { isFullStory, type MapMarker } from '#common/map-markers';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { ApiError, errorMessage } from '#client/lib/api-client';
import { useReaderAccuracy } from '#client/lib/geolocation';
import { useT } from '#client/lib/i18n/use-t';
import { useStory } from '../api/get-story';
import { StoryByline } from './story-detail/story-byline';
import { StoryDetailBody } from './story-detail/story-detail-body';
import { StoryAuthorActions } from './story-author-actions';

interface StoryDetailDialogProps {
  storyId: string | null;
  /**
   * The story as a list already knows it: shown at once while the fresh copy loads. A map marker (the lean map
   * answer) gives only its title meanwhile.
   */
  initialStory?: Story | MapMarker;
  /** Where the reader is (distance and lock state are computed by the server from it). */
  location: Point | null;
  onClose: () => void;
}

/** An unknown, private or hidden story's link (400 for an id that is not one, 404 otherwise). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** docs/design.md, part 2 "Story detail dialog". */
export function StoryDetailDialog({ storyId, initialStory, location, onClose }: StoryDetailDialogProps) {
  const t = useT();
  const accuracy = useReaderAccuracy();
  const known = initialStory?.id === storyId ? initialStory : undefined;
  const query = useStory(storyId, location, known && isFullStory(known) ? known : undefined, accuracy);
  const story = query.data;
  const missing = !story && query.isError && isMissing(query.error);
  // The title in the story's language, so a screen reader pronounces it right (docs/decisions/061-stories-carry-their-language.md),
  // in its own direction: an English title's end punctuation stays at its end in an Arabic dialog.
  const title = story ? (
    <span lang={story.language} dir="auto">
      {story.title}
    </span>
  ) : missing ? (
    t('story.notFound')
  ) : query.isError ? (
    t('story.unavailable')
  ) : (
    (known?.title ?? t('story.loading'))
  );
  return (
    <Dialog open={storyId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={story ? <StoryByline story={story} /> : undefined} className="max-w-xl">
        {story ? (
          <>
            <StoryDetailBody key={story.id} story={story} />
            <StoryAuthorActions story={story} onDeleted={onClose} />
          </>
        ) : missing ? (
          <div className="grid gap-4">
            <p className="text-sm text-mist-300">{t('story.notShared')}</p>
            <DialogClose asChild>
              <Button type="button" className="justify-self-start">
                {t('story.backToMap')}
              </Button>
            </DialogClose>
          </div>
        ) : query.isError ? (
          <p className="text-sm text-mist-300">{errorMessage(query.error, t('story.loadFailed'))}</p>
        ) : (
          <p className="text-sm text-mist-300">{t('story.loading')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
