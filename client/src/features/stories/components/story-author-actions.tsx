import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CATEGORIES } from '#common/categories';
import { LIMITS } from '#common/constants';
import { editStoryRequestSchema, type EditStoryRequest, type Story } from '#common/schemas';
import { TimeLockFields, type TimeLockDraft } from '#client/components/stories/time-lock-fields';
import { VisibilityField } from '#client/components/stories/visibility-field';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input, Textarea } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { useDeleteStory } from '../api/delete-story';
import { useUpdateStory } from '../api/update-story';
import { LOCK_FIELDS, lockDraftOf, lockRequestFields } from '#common/lock-kinds';
import { isTextStory } from '#common/story-types';

/**
 * Edit and Delete for the author of a story (docs/design.md, rule 13), in the story dialog and on My Stories. Renders nothing
 * for anyone else (the server refuses them too). Delete asks first.
 */
export function StoryAuthorActions({
  story,
  onDeleted,
  className,
}: {
  story: Story;
  onDeleted?: () => void;
  className?: string;
}) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  if (!user || user.id !== story.authorId) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setEditing(true)}
        aria-label={t('story.editTitle', { title: story.title })}
      >
        <Pencil aria-hidden />
        {t('story.edit')}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => setConfirmingDelete(true)}
        aria-label={t('story.deleteTitle', { title: story.title })}
      >
        <Trash2 aria-hidden />
        {t('story.delete')}
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        {editing && (
          <DialogContent
            title={t('story.editStory')}
            description={t('story.editStoryDescription')}
            className="max-w-xl"
          >
            <EditStoryForm story={story} onDone={() => setEditing(false)} />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={confirmingDelete} onOpenChange={setConfirmingDelete}>
        {confirmingDelete && (
          <DialogContent title={t('story.deleteConfirmTitle')}>
            <DeleteStoryConfirmation story={story} onDeleted={onDeleted} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

interface EditDraft extends TimeLockDraft {
  title: string;
  description: string;
  category: string;
  content: string;
  isPublic: boolean;
}

function draftOf(story: Story): EditDraft {
  return {
    title: story.title,
    description: story.description ?? '',
    category: story.category,
    content: story.content ?? '',
    isPublic: story.isPublic,
    timeRestriction: story.timeRestriction,
    ...lockDraftOf(story),
  };
}

/** Everything the form holds, as the PATCH body (content only for a text story, the lock as a whole). */
function requestOf(draft: EditDraft, story: Story): EditStoryRequest {
  const lock = lockRequestFields(draft.timeRestriction, draft);
  return {
    title: draft.title,
    description: draft.description,
    category: draft.category,
    ...(isTextStory(story.type) ? { content: draft.content } : {}),
    // Sent only when switched: an unchanged story keeps its place in every tour.
    ...(draft.isPublic !== story.isPublic ? { isPublic: draft.isPublic } : {}),
    timeRestriction: draft.timeRestriction,
    ...lock,
  };
}

function EditStoryForm({ story, onDone }: { story: Story; onDone: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState(() => draftOf(story));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const update = useUpdateStory();
  const change = (patch: Partial<EditDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const errorFor = (...fields: string[]) => (error && fields.includes(error.field) ? error.message : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = requestOf(draft, story);
    // The same rules and messages the server applies (common/schemas.ts), shown under the field at once.
    const checked = editStoryRequestSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError({ field: String(issue?.path[0] ?? 'title'), message: issue?.message ?? t('story.checkStory') });
      return;
    }
    update.mutate(
      { id: story.id, changes: body },
      {
        onSuccess: () => {
          toast({ title: t('story.updated'), description: t('story.updatedDescription'), variant: 'success' });
          onDone();
        },
        onError: (failure) =>
          toast({
            title: t('story.updateFailed'),
            description: errorMessage(failure, t('story.somethingWrong')),
            variant: 'destructive',
          }),
      },
    );
  }

  const timeLockError = errorFor('timeRestriction', ...LOCK_FIELDS);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="edit-title" label={t('story.fieldTitle')} error={errorFor('title')}>
        {(field) => (
          <Input
            {...field}
            value={draft.title}
            maxLength={LIMITS.titleMax}
            onChange={(e) => change({ title: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="edit-description" label={t('story.fieldDescription')} error={errorFor('description')}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={draft.description}
            maxLength={LIMITS.descriptionMax}
            onChange={(e) => change({ description: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="edit-category" label={t('story.fieldCategory')} error={errorFor('category')}>
        {(field) => (
          <Select {...field} value={draft.category} onChange={(e) => change({ category: e.target.value })}>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryName(t, category)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {isTextStory(story.type) && (
        <FormField id="edit-content" label={t('story.fieldStory')} error={errorFor('content')}>
          {(field) => (
            <Textarea
              {...field}
              rows={8}
              value={draft.content}
              maxLength={LIMITS.contentMax}
              onChange={(e) => change({ content: e.target.value })}
            />
          )}
        </FormField>
      )}
      <TimeLockFields idPrefix="edit" value={draft} onChange={change} disabled={update.isPending} />
      <VisibilityField
        isPublic={draft.isPublic}
        onChange={(isPublic) => change({ isPublic })}
        disabled={update.isPending}
      />
      {timeLockError && (
        <p role="alert" className="text-sm text-red-300">
          {timeLockError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={update.isPending}>
            {t('story.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('story.saving') : t('story.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

function DeleteStoryConfirmation({ story, onDeleted }: { story: Story; onDeleted?: () => void }) {
  const t = useT();
  const remove = useDeleteStory({
    onDeleted: () => {
      toast({
        title: t('story.deleted'),
        description: t('story.deletedDescription', { title: story.title }),
        variant: 'success',
      });
      onDeleted?.();
    },
  });
  const onConfirm = () =>
    remove.mutate(story.id, {
      onError: (failure) =>
        toast({
          title: t('story.deleteFailed'),
          description: errorMessage(failure, t('story.somethingWrong')),
          variant: 'destructive',
        }),
    });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-mist-300">{t('story.deleteWarning', { title: story.title })}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={remove.isPending}>
            {t('story.keepIt')}
          </Button>
        </DialogClose>
        <Button type="button" variant="destructive" onClick={onConfirm} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          {remove.isPending ? t('story.deleting') : t('story.deleteStory')}
        </Button>
      </div>
    </div>
  );
}
