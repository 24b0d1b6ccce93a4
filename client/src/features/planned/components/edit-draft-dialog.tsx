/**
 * Edit a planned story (PATCH /api/drafts/:id): its texts and its planned place. The type and its file stay as
 * saved (a different file means a new plan); the server checks the whole as a story would be.
 */
import { useState } from 'react';
import type { Draft } from '#common/draft-schemas';
import { CATEGORIES, categoryEmoji } from '#common/categories';
import { LIMITS } from '#common/constants';
import type { Point } from '#common/geo';
import { isTextStory } from '#common/story-type-specs';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input, Textarea } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { PlannedPlaceField } from '#client/components/map/planned-place-field';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useEditDraft } from '../api/edit-draft';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

function EditDraftForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const t = useT();
  const [title, setTitle] = useState(draft.fields.title ?? draft.title);
  const [category, setCategory] = useState(draft.fields.category ?? '');
  const [description, setDescription] = useState(draft.fields.description ?? '');
  const [content, setContent] = useState(draft.fields.content ?? '');
  const [place, setPlace] = useState<Point>({ latitude: draft.latitude, longitude: draft.longitude });
  const edit = useEditDraft();
  const text = isTextStory(draft.type);

  const save = () => {
    const fields: Record<string, string> = {
      title: title.trim(),
      category,
      description: description.trim(),
      latitude: String(place.latitude),
      longitude: String(place.longitude),
    };
    if (text) fields.content = content;
    edit.mutate(
      { id: draft.id, fields },
      {
        onSuccess: () => {
          messageToast(t('planned.planSaved'), 'success');
          onDone();
        },
      },
    );
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <FormField id="edit-draft-title" label={t('planned.storyTitle')}>
        {(field) => (
          <Input
            {...field}
            value={title}
            maxLength={LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
            required
          />
        )}
      </FormField>
      <FormField id="edit-draft-category" label={t('planned.category')}>
        {(field) => (
          <Select {...field} value={category} onChange={(e) => setCategory(e.target.value)} required>
            <option value="" disabled>
              {t('planned.selectCategory')}
            </option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryEmoji(c)} {categoryName(t, c)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="edit-draft-description" label={t('planned.descriptionLabel')}>
        {(field) => (
          <Textarea
            {...field}
            className="min-h-16"
            value={description}
            maxLength={LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </FormField>
      {text && (
        <FormField id="edit-draft-content" label={t('planned.yourStory')}>
          {(field) => (
            <Textarea
              {...field}
              className="min-h-32"
              value={content}
              maxLength={LIMITS.contentMax}
              onChange={(e) => setContent(e.target.value)}
            />
          )}
        </FormField>
      )}
      <PlannedPlaceField
        idPrefix="edit-draft"
        center={place}
        value={place}
        onChange={setPlace}
        disabled={edit.isPending}
      />
      {edit.error && (
        <p role="alert" className="rounded-lg border border-red-500/50 bg-red-500/15 px-3 py-2 text-sm text-red-100">
          {errorMessage(edit.error, t('planned.saveFailed'))}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone} disabled={edit.isPending}>
          {t('planned.cancel')}
        </Button>
        <Button type="submit" disabled={edit.isPending || !title.trim() || !category}>
          {edit.isPending ? t('planned.saving') : t('planned.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

export function EditDraftDialog({ draft, onClose }: { draft: Draft | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      {draft && (
        <DialogContent title={t('planned.editTitle')} description={t('planned.editDescription')}>
          <EditDraftForm key={draft.id} draft={draft} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
