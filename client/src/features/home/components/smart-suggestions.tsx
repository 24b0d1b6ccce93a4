import { Sparkles } from 'lucide-react';
import type { Story } from '#common/schemas';
import type { Point } from '#common/geo';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';
import { useSmartSuggestions } from '../api/get-smart-suggestions';
import { agreeingSuggestions, nearbySuggestion } from '../lib/nearby-suggestion';

const PRIORITY_CLASS: Record<string, string> = {
  high: 'border-ember-500/50 bg-ember-500/10',
  medium: 'border-glow-500/40 bg-glow-600/10',
};

/**
 * What the smart-suggestions endpoint returns for here and now; nothing at all when it returns nothing.
 * `hideNearest`: the nearby list already says where the nearest whisper is, so that suggestion is left out.
 * `nearby` (the page's list, as the server decided each lock) replaces the endpoint's nearby card, so the card
 * agrees with the map and list (docs/decisions/014-phone-round-2.md).
 */
export function SmartSuggestions({
  location,
  enabled,
  hideNearest = false,
  hideUncharted = false,
  nearby,
  userId = null,
}: {
  location: Point;
  enabled: boolean;
  hideNearest?: boolean;
  /** The empty list below already says nothing is within 50 km (signed out: its Mystery Mode card). */
  hideUncharted?: boolean;
  nearby?: readonly Story[];
  userId?: string | null;
}) {
  const t = useT();
  const { data } = useSmartSuggestions(location, enabled);
  const local = nearby ? nearbySuggestion(nearby, location, userId) : null;
  const shown =
    data &&
    agreeingSuggestions(data, local).filter(
      (item) => !(hideNearest && item.nearest) && !(hideUncharted && item.uncharted),
    );
  if (!shown?.length) return null;
  return (
    <section aria-label={t('home.suggestions')} className="grid gap-2">
      {shown.map((item, i) => (
        <div
          key={`${item.type}-${i}`}
          className={cn(
            'flex gap-3 rounded-xl border border-night-700 bg-night-900/70 p-3',
            PRIORITY_CLASS[item.priority],
          )}
        >
          <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-glow-300" aria-hidden />
          <div>
            <p className="text-sm font-semibold text-mist-100">{item.title}</p>
            <p className="text-sm text-mist-300">{item.message}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
