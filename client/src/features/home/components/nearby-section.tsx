import { Compass } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { CATEGORIES, categoryEmoji } from '#common/categories';
import { NOTIFICATION_LIMITS } from '#common/notifications';
import type { CurrentUser, Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { StoryCard } from '#client/components/stories/story-card';
import { distanceWords } from '../lib/nearby-suggestion';

interface NearbySectionProps {
  stories: Story[];
  isLoading: boolean;
  error: unknown;
  category: string;
  onCategoryChange: (category: string) => void;
  onSelect: (story: Story) => void;
  user: CurrentUser | null | undefined;
  /** How many stories the signed-in user has written (welcome-back empty state), when known. */
  ownStoryCount: number | undefined;
  onCreateFirst: () => void;
  /** "The nearest whisper is 3.2 km north-east." when nothing is within 1.5 km of the reader. */
  nearestLine?: string;
  /** The server found no whisper within 50 km of the reader: the signed-out card says so, not "hidden around you". */
  uncharted?: boolean;
}

/** "Nearby Whispers": category chips, then the discoverable stories as cards (or one of three empty states). */
export function NearbySection(props: NearbySectionProps) {
  const t = useT();
  const { stories, isLoading, error, category, onCategoryChange, onSelect } = props;
  return (
    <section aria-labelledby="nearby-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id="nearby-heading" className="font-display text-2xl font-semibold text-mist-100">
            {t('home.nearbyTitle')}
          </h2>
          <p className="text-sm text-mist-400">{t('home.nearbySubtitle')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.discoverList}>{t('home.viewAll')}</Link>
        </Button>
      </div>
      <div role="group" aria-label={t('home.filterByCategory')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {['All', ...CATEGORIES].map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={category === name}
            onClick={() => onCategoryChange(name)}
            className={cn(
              'shrink-0 rounded-full border px-3 py-1.5 text-sm transition-colors',
              category === name
                ? 'border-glow-400 bg-glow-600 text-white'
                : 'border-night-600 bg-night-900 text-mist-300 hover:border-glow-500/60 hover:text-mist-100',
            )}
          >
            {name !== 'All' && <span aria-hidden>{categoryEmoji(name)} </span>}
            {name === 'All' ? t('home.all') : categoryName(t, name)}
          </button>
        ))}
      </div>
      {isLoading ? (
        <p role="status" className="py-8 text-center text-mist-300">
          {t('home.discovering')}
        </p>
      ) : error ? (
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          {t('home.discoverFailed')}
        </p>
      ) : stories.length === 0 ? (
        <EmptyState {...props} />
      ) : (
        // Cards off screen are not laid out or painted until scrolled near (content-visibility), with a card's
        // usual height held for each meanwhile: laying out thirty cards below the fold as the list arrives was one
        // long task on a phone (bench/README.md: total blocking time on /).
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stories.map((story) => (
            <li key={story.id} className="[contain-intrinsic-size:auto_11.5rem] [content-visibility:auto]">
              <StoryCard story={story} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyState(props: NearbySectionProps) {
  return (
    <div className="grid gap-3">
      {props.nearestLine && (
        <p className="flex items-center justify-center gap-2 rounded-xl border border-glow-500/40 bg-glow-600/10 px-4 py-3 text-center text-sm font-medium text-mist-100">
          <Compass className="h-4 w-4 shrink-0 text-glow-300" aria-hidden />
          {props.nearestLine}
        </p>
      )}
      <EmptyWelcome {...props} />
    </div>
  );
}

function EmptyWelcome({ user, ownStoryCount, onCreateFirst, uncharted }: NearbySectionProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const box = 'flex flex-col items-center gap-3 rounded-2xl border border-night-700 bg-night-900/70 p-8 text-center';
  if (!user) {
    return (
      <div className={box}>
        <span aria-hidden className="text-4xl">
          🔮
        </span>
        <h3 className="font-display text-xl font-semibold text-mist-100">{t('home.mysteryMode')}</h3>
        {/* One message with the suggestions above (docs/decisions/051-walker-stumbles-fourth-round.md): "hidden around
            you" only where whispers are; where none is within 50 km, this card says that instead of the suggestion. */}
        <p className="max-w-md text-sm text-mist-300">
          {uncharted
            ? t('home.uncharted', { distance: distanceWords(NOTIFICATION_LIMITS.discoveryRadiusM) })
            : t('home.hiddenAround')}
        </p>
        <Button onClick={() => navigate(paths.auth)}>{t('home.signInToCreate')}</Button>
      </div>
    );
  }
  if (ownStoryCount && ownStoryCount > 0) {
    return (
      <div className={box}>
        <span aria-hidden className="text-4xl">
          🧭
        </span>
        <h3 className="font-display text-xl font-semibold text-mist-100">
          {t('home.welcomeBack', { name: user.displayName })}
        </h3>
        <p className="max-w-md text-sm text-mist-300">{t('home.createdCount', { count: ownStoryCount })}</p>
      </div>
    );
  }
  return (
    <div className={box}>
      <span aria-hidden className="text-4xl">
        ✨
      </span>
      <h3 className="font-display text-xl font-semibold text-mist-100">
        {t('home.welcome', { name: user.displayName })}
      </h3>
      <p className="max-w-md text-sm text-mist-300">{t('home.readyFirst')}</p>
      <Button onClick={onCreateFirst}>{t('home.createFirst')}</Button>
    </div>
  );
}
