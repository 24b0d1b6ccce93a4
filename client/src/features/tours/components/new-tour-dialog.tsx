/**
 * My Stories → "New tour" (docs/decisions/016-walk-mode-and-tours.md): a title, a description and 2-20 of the author's public stories in walking
 * order, set with up/down buttons. The same rules as the server (common/tours.ts) are checked as the author
 * types; the server has the last word.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { Story } from '#common/schemas';
import { createTourRequestSchema } from '#common/tour-schemas';
import { firstLongLeg, TOUR_MESSAGES, TOURS, tourLengthText, tourMeasures } from '#common/tours';
import type { Tour } from '#common/tour-schemas';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
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
  const usable = useMemo(() => stories.filter((story) => story.isPublic), [stories]);
  const byId = useMemo(() => new Map(usable.map((story) => [story.id, story])), [usable]);
  const stops = chosen.map((id) => byId.get(id)).filter((story): story is Story => story !== undefined);
  const longLeg = firstLongLeg(stops);
  const measures = stops.length >= 2 ? tourMeasures(stops) : null;

  const move = (index: number, by: -1 | 1) =>
    setChosen((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTourRequestSchema.safeParse({ title, description: description || null, storyIds: chosen });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TOUR_MESSAGES.stopsCount);
    if (longLeg)
      return setError(TOUR_MESSAGES.legTooLong(longLeg.from, longLeg.to, (longLeg.metres / 1000).toFixed(1)));
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (tour) => {
        setTitle('');
        setDescription('');
        setChosen([]);
        onCreated(tour);
      },
      onError: (failure) => setError(errorMessage(failure, 'Could not create the tour. Please try again.')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="New tour"
        description="Lay a walking route through your public stories, in the order to walk them."
      >
        <form onSubmit={submit} noValidate className="grid gap-4" aria-describedby={error ? ids.error : undefined}>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.title}>Title</Label>
            <Input
              id={ids.title}
              value={title}
              maxLength={TOURS.titleMax}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="The harbour at dusk"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.description}>Description (optional)</Label>
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
              Stops ({stops.length} of {TOURS.maxStops})
            </h3>
            {stops.length === 0 ? (
              <p className="text-sm text-mist-300">Add at least {TOURS.minStops} stories below, in walking order.</p>
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
                      aria-label={`Move ${story.title} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${story.title} down`}
                      disabled={index === stops.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${story.title}`}
                      onClick={() => setChosen((l) => l.filter((id) => id !== story.id))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            {measures && (
              <p className="text-sm text-mist-300">{tourLengthText(measures.lengthM, measures.walkingMinutes)}</p>
            )}
            {longLeg && (
              <p className="text-sm text-ember-400">
                {TOUR_MESSAGES.legTooLong(longLeg.from, longLeg.to, (longLeg.metres / 1000).toFixed(1))}
              </p>
            )}
          </section>

          <section aria-label="Your public stories" className="grid gap-1.5">
            <h3 className="text-sm font-semibold text-mist-100">Your public stories</h3>
            {usable.length === 0 ? (
              <p className="text-sm text-mist-300">You have no public stories yet.</p>
            ) : (
              usable.length === chosen.length && (
                <p className="text-sm text-mist-300">All your public stories are in this tour.</p>
              )
            )}
            <ul className="grid max-h-56 gap-1.5 overflow-y-auto">
              {usable
                .filter((story) => !chosen.includes(story.id))
                .map((story) => (
                  <li key={story.id} className="flex items-center gap-2 px-1">
                    <span className="min-w-0 flex-1 truncate text-sm text-mist-200">{story.title}</span>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Add ${story.title}`}
                      disabled={chosen.length >= TOURS.maxStops}
                      onClick={() => setChosen((list) => [...list, story.id])}
                    >
                      <Plus aria-hidden />
                      Add
                    </Button>
                  </li>
                ))}
            </ul>
          </section>

          {error && <FieldError id={ids.error}>{error}</FieldError>}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating tour…' : 'Create tour'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
