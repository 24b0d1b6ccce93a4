/**
 * My Stories → "New tour" (docs/decisions/016-walk-mode-and-tours.md): a title, a description and 2-20 of the author's public stories in walking
 * order, set with up/down buttons. The same rules as the server (common/tours.ts) are checked as the author
 * types; the server has the last word.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Story } from '#common/schemas';
import { createTourRequestSchema } from '#common/tour-schemas';
import { firstLongLeg, TOUR_MESSAGES, TOURS, tourMeasures } from '#common/tours';
import { tourLength } from '#client/lib/i18n/tour-words';
import { saySentence } from '#client/lib/i18n/i18n';
import { firstRefusal } from '#client/lib/schema-field-errors';
import type { Tour } from '#common/tour-schemas';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import { useT } from '#client/lib/i18n/use-t';
import { useCreateTour } from '../api/tours';

export function NewTourDialog({
  open,
  onOpenChange,
  stories,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The author's own stories; only the public ones can be stops. */
  stories: Story[];
  onCreated: (tour: Tour) => void;
}) {
  const ids = { title: useId(), description: useId(), error: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTour();
  const t = useT();
  const usable = useMemo(() => stories.filter((story) => story.isPublic), [stories]);
  const byId = useMemo(() => new Map(usable.map((story) => [story.id, story])), [usable]);
  const stops = chosen.map((id) => byId.get(id)).filter((story): story is Story => story !== undefined);
  const longLeg = firstLongLeg(stops);
  const measures = stops.length >= 2 ? tourMeasures(stops) : null;

  // The keyboard keeps its place as the stops change: the button pressed goes ("Add"), turns disabled (moved to an
  // end) or is moved in the page (which drops the focus), so the focus goes on to the first of `focusNext` still
  // there and enabled, once the lists are drawn (before Radix's focus trap would send it to the dialog itself).
  const formRef = useRef<HTMLFormElement>(null);
  const focusNext = useRef<string[]>([]);
  useLayoutEffect(() => {
    const wanted = focusNext.current;
    focusNext.current = [];
    for (const key of wanted) {
      const control = formRef.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${CSS.escape(key)}"]`);
      if (control && !control.disabled) return control.focus();
    }
  }, [chosen]);
  const available = usable.filter((story) => !chosen.includes(story.id));
  const add = (id: string) => {
    const at = available.findIndex((story) => story.id === id);
    focusNext.current = [`add:${available[at + 1]?.id}`, `add:${available[at - 1]?.id}`, 'create'];
    setChosen((list) => [...list, id]);
  };
  const removeStop = (index: number) => {
    const id = stops[index]!.id;
    focusNext.current = [`remove:${stops[index + 1]?.id}`, `remove:${stops[index - 1]?.id}`, `add:${id}`];
    setChosen((list) => list.filter((chosenId) => chosenId !== id));
  };
  const move = (index: number, by: -1 | 1) => {
    const id = stops[index]!.id;
    focusNext.current = by < 0 ? [`up:${id}`, `down:${id}`] : [`down:${id}`, `up:${id}`];
    setChosen((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTourRequestSchema.safeParse({ title, description: description || null, storyIds: chosen });
    if (!parsed.success) return setError(firstRefusal(parsed.error, TOUR_MESSAGES.stopsCount));
    if (longLeg)
      return setError(
        saySentence(TOUR_MESSAGES.legTooLong(longLeg.from, longLeg.to, (longLeg.metres / 1000).toFixed(1))),
      );
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (tour) => {
        setTitle('');
        setDescription('');
        setChosen([]);
        onCreated(tour);
      },
      onError: (failure) => setError(errorMessage(failure, t('tours.createFailed'))),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('tours.newTour')} description={t('tours.newTourDescription')}>
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="grid gap-4"
          aria-describedby={error ? ids.error : undefined}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={ids.title}>{t('tours.title')}</Label>
            <Input
              id={ids.title}
              value={title}
              maxLength={TOURS.titleMax}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={t('tours.titlePlaceholder')}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.description}>{t('tours.descriptionOptional')}</Label>
            <Textarea
              id={ids.description}
              value={description}
              maxLength={TOURS.descriptionMax}
              rows={3}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>

          <section aria-labelledby={`${ids.title}-stops`} className="grid gap-2">
            <h3 id={`${ids.title}-stops`} className="text-sm font-semibold text-mist-100">
              {t('tours.stopsOf', { count: stops.length, max: TOURS.maxStops })}
            </h3>
            {stops.length === 0 ? (
              <p className="text-sm text-mist-300">{t('tours.addAtLeast', { min: TOURS.minStops })}</p>
            ) : (
              <ol className="grid gap-1.5">
                {stops.map((story, index) => (
                  <li
                    key={story.id}
                    className="flex items-center gap-2 rounded-lg border border-night-700 bg-night-900/70 px-2 py-1.5"
                  >
                    <span
                      aria-hidden
                      className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-glow-600 text-xs font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1 truncate text-sm text-mist-100">{story.title}</span>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      data-focus-key={`up:${story.id}`}
                      aria-label={t('tours.moveUp', { title: story.title })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      data-focus-key={`down:${story.id}`}
                      aria-label={t('tours.moveDown', { title: story.title })}
                      disabled={index === stops.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      data-focus-key={`remove:${story.id}`}
                      aria-label={t('tours.remove', { title: story.title })}
                      onClick={() => removeStop(index)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            {measures && (
              <p className="text-sm text-mist-300">{tourLength(t, measures.lengthM, measures.walkingMinutes)}</p>
            )}
            {longLeg && (
              <p className="text-sm text-ember-400">
                {saySentence(TOUR_MESSAGES.legTooLong(longLeg.from, longLeg.to, (longLeg.metres / 1000).toFixed(1)))}
              </p>
            )}
          </section>

          <section aria-label={t('tours.yourPublicStories')} className="grid gap-1.5">
            <h3 className="text-sm font-semibold text-mist-100">{t('tours.yourPublicStories')}</h3>
            {usable.length === 0 ? (
              <p className="text-sm text-mist-300">{t('tours.noPublicStories')}</p>
            ) : (
              usable.length === chosen.length && <p className="text-sm text-mist-300">{t('tours.allInTour')}</p>
            )}
            {/* Padded (and pulled back by as much) so a focused button's ring is not clipped by the scrolling list. */}
            <ul className="-m-1 grid max-h-56 gap-1.5 overflow-y-auto p-1">
              {available.map((story) => (
                <li key={story.id} className="flex items-center gap-2 px-1">
                  <span className="min-w-0 flex-1 truncate text-sm text-mist-200">{story.title}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    data-focus-key={`add:${story.id}`}
                    aria-label={t('tours.add', { title: story.title })}
                    disabled={chosen.length >= TOURS.maxStops}
                    onClick={() => add(story.id)}
                  >
                    <Plus aria-hidden />
                    {t('tours.addButton')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>

          {error && <FieldError id={ids.error}>{error}</FieldError>}
          <Button type="submit" data-focus-key="create" disabled={create.isPending}>
            {create.isPending ? t('tours.creating') : t('tours.create')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
