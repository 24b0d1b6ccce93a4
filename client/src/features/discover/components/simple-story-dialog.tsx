import { categoryEmoji } from '#common/categories';
import { PREVIEW_CHARS } from '#common/constants';
import { previewText } from '#common/discovery-text';
import type { Story } from '#common/schemas';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { storyTypeIcon, storyTypeLabel } from '#client/lib/stories/story-display';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { simpleStoryText } from './simple-story-card';

/**
 * "View Story" on the simple screen: title, type, category and up to 200 characters of preview, in an accessible
 * dialog rather than the spec's browser alert (docs/design.md, rule 14). Locked stories preview only what the
 * server sent (their description), never content.
 */
export function SimpleStoryDialog({ story, onClose }: { story: Story | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={story !== null} onOpenChange={(open) => !open && onClose()}>
      {story && (
        <DialogContent title={story.title}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-mist-400">{t('discover.type')}</dt>
            <dd className="text-mist-100">
              <span aria-hidden>{storyTypeIcon(story.type)} </span>
              {storyTypeLabel(story.type)}
            </dd>
            <dt className="text-mist-400">{t('discover.category')}</dt>
            <dd className="text-mist-100">
              <span aria-hidden>{categoryEmoji(story.category)} </span>
              {categoryName(t, story.category)}
            </dd>
          </dl>
          <p data-testid="simple-preview" className="whitespace-pre-line text-sm text-mist-300">
            {previewText(simpleStoryText(story), PREVIEW_CHARS.alert, t('discover.whisperedFallback'))}
          </p>
          {/* Not a dead end (docs/decisions/014-phone-round-2.md): the preview stays, and the story itself is one tap away. */}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{t('discover.ok')}</Button>
            </DialogClose>
            <Button asChild>
              <Link href={paths.story(story.id)}>{t('discover.openStory')}</Link>
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
