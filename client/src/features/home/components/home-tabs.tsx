import { Camera, Compass, Map, PlusCircle, User } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';

export type HomeView = 'map' | 'ar';

interface HomeTabsProps {
  view: HomeView;
  onViewChange: (view: HomeView) => void;
  onMyStories: () => void;
  onCreate: () => void;
}

// Phones: five equal columns, icon over a small label; wider screens: one row of icon + label.
// Labels may wrap on phones (at 320 px "Explore/Map" is wider than its fifth of the bar), never overflow it.
const tabClass =
  'inline-flex min-h-12 min-w-0 flex-col items-center justify-center gap-1 rounded-lg px-0.5 text-center text-[11px] font-medium leading-tight [overflow-wrap:anywhere] sm:whitespace-nowrap text-mist-300 transition-colors hover:bg-night-700 hover:text-mist-100 sm:min-h-10 sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm';

/**
 * A label that wraps after its slashes first: "Explorar/" over "Mapa", never "Explorar/Ma" over "pa" (anywhere is the
 * last resort, for a word wider than its column).
 */
function slashBreaks(label: string): ReactNode {
  return label.split('/').map((part, i) =>
    i === 0 ? (
      part
    ) : (
      <Fragment key={i}>
        /<wbr />
        {part}
      </Fragment>
    ),
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden className="[&_svg]:h-4 [&_svg]:w-4">
      {children}
    </span>
  );
}

/**
 * The home tab bar (docs/design.md, part 2). Explore/Map and AR View switch the view; the others act at once
 * (navigate or open the create dialog), so this is a toolbar of pressed/unpressed buttons, not ARIA tabs.
 */
export function HomeTabs({ view, onViewChange, onMyStories, onCreate }: HomeTabsProps) {
  const t = useT();
  const pressed = 'bg-glow-600 text-white hover:bg-glow-700 hover:text-white';
  return (
    <nav
      aria-label={t('home.views')}
      className="grid grid-cols-5 gap-1 rounded-xl border border-night-700 bg-night-900/80 p-1 sm:flex"
    >
      <button
        type="button"
        aria-pressed={view === 'map'}
        // Named by its words as written: Chromium would read the break opportunity as a space ("Explorar/ Mapa").
        aria-label={t('home.exploreMap')}
        className={cn(tabClass, view === 'map' && pressed)}
        onClick={() => onViewChange('map')}
      >
        <Icon>
          <Map />
        </Icon>
        {slashBreaks(t('home.exploreMap'))}
      </button>
      <button
        type="button"
        aria-pressed={view === 'ar'}
        className={cn(tabClass, view === 'ar' && pressed)}
        onClick={() => onViewChange('ar')}
      >
        <Icon>
          <Camera />
        </Icon>
        {t('home.arView')}
      </button>
      <button type="button" className={tabClass} onClick={onMyStories}>
        <Icon>
          <User />
        </Icon>
        {t('home.myStories')}
      </button>
      <Link href={paths.discover} className={tabClass}>
        <Icon>
          <Compass />
        </Icon>
        {t('home.discover')}
      </Link>
      <button type="button" className={tabClass} onClick={onCreate}>
        <Icon>
          <PlusCircle />
        </Icon>
        {t('home.create')}
      </button>
    </nav>
  );
}
