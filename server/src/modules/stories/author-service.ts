/**
 * An author's control over their own story (docs/design.md, rule 13): edit and delete. Both go through `ownStory`, the one
 * owner check: 404 when the story does not exist or the user may not see it (hidden or private to them), 403
 * when they may see it but did not write it.
 */
import { isUuid } from '#common/route-schemas';
import { STORY_EDIT_MESSAGES, type EditStoryChanges } from '#common/schemas';
import { countWords } from '#common/text';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { MediaStore } from '../../media/media-store';
import { removeStoryMedia } from '../../media/story-media-removal';
import type { StoryAuthorRepository, StoryEditValues } from './author-repository';
import { STORY_NOT_FOUND } from './interaction-service';
import type { StoryRow } from './story-view';
import { isTextStory } from '#common/story-types';

const NOT_THE_AUTHOR = 'Only the author of this story can change or delete it.';

export type StoryAuthorService = ReturnType<typeof createStoryAuthorService>;

export function createStoryAuthorService(deps: {
  repository: StoryAuthorRepository;
  store: MediaStore;
  log: { warn(obj: object, msg: string): void };
}) {
  async function ownStory(userId: string, storyId: string) {
    // A malformed id names no story: 404 like any unknown id.
    const story = isUuid(storyId) ? await deps.repository.visibleStory(storyId, userId) : undefined;
    if (!story) throw notFound(STORY_NOT_FOUND);
    if (story.authorId !== userId) throw forbidden(NOT_THE_AUTHOR);
    return story;
  }

  return {
    ownStory,

    async edit(userId: string, storyId: string, changes: EditStoryChanges): Promise<StoryRow> {
      const story = await ownStory(userId, storyId);
      const values: StoryEditValues = {};
      if (changes.title !== undefined) values.title = changes.title;
      if (changes.description !== undefined) values.description = changes.description;
      if (changes.category !== undefined) values.category = changes.category;
      if (changes.language !== undefined) values.language = changes.language;
      if (changes.content !== undefined) {
        if (!isTextStory(story.type)) throw badRequest(STORY_EDIT_MESSAGES.contentNotText);
        values.content = changes.content;
        values.wordCount = countWords(changes.content);
      }
      if (changes.timeLock) Object.assign(values, changes.timeLock);
      if (changes.isPublic !== undefined) values.isPublic = changes.isPublic;
      const row = await deps.repository.update(storyId, userId, values);
      if (!row) throw notFound(STORY_NOT_FOUND);
      return row;
    },

    /** The row (and by cascade its likes, reports, notifications, unlocks) first, then its files. */
    async delete(userId: string, storyId: string): Promise<void> {
      await ownStory(userId, storyId);
      if (!(await deps.repository.delete(storyId, userId))) throw notFound(STORY_NOT_FOUND);
      await removeStoryMedia(deps.store, [storyId], deps.log);
    },
  };
}
