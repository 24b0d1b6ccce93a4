import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { PageLoading } from '../components/layout/page-loading';
import { loadStoryMap } from '#client/features/stories/components/map/load-story-map';

// Every page loads on demand, keeping the entry small: the home page's code is not fetched on /discover, nor the
// discovery screen's on / (issue 28: JavaScript before the page is idle).
const loadHome = () => import('./routes/home');
const loadDiscover = () => import('./routes/discover');
const HomePage = lazy(() => loadHome().then((m) => ({ default: m.HomePage })));
const DiscoverPage = lazy(loadDiscover);
const MyStoriesPage = lazy(() => import('./routes/my-stories'));
const StoryInsightsPage = lazy(() => import('./routes/story-insights'));
const SetupPage = lazy(() => import('./routes/setup'));
const AuthPage = lazy(() => import('./routes/auth'));
const DiscoverSimplePage = lazy(() => import('./routes/discover-simple'));
const ModerationPage = lazy(() => import('./routes/moderation'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const TourPage = lazy(() => import('./routes/tour'));

/**
 * Starts the chunks of the page the app opens on before React's first render (`main.tsx`), all at once: the
 * page's own and, on the two map pages, the map's, which the page would otherwise ask for only after it has
 * rendered. Settles when the page's chunk is in or has failed (its lazy route then reports the failure).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const isHome = pathname === paths.home || pathname.startsWith(paths.story(''));
  const isDiscover = pathname === paths.discover || pathname === paths.discoverAdvanced;
  if (!isHome && !isDiscover) return Promise.resolve();
  void loadStoryMap();
  return (isHome ? loadHome() : loadDiscover()).catch(() => undefined);
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={paths.home}>{() => <HomePage />}</Route>
        <Route path={paths.storyPattern}>{(params) => <HomePage storyId={params.id} />}</Route>
        <Route path={paths.myStories} component={MyStoriesPage} />
        <Route path={paths.storyInsightsPattern}>{(params) => <StoryInsightsPage params={params} />}</Route>
        <Route path={paths.setup} component={SetupPage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route path={paths.discover} component={DiscoverPage} />
        <Route path={paths.discoverAdvanced} component={DiscoverPage} />
        <Route path={paths.discoverSimple} component={DiscoverSimplePage} />
        <Route path={paths.tourPattern}>{(params) => <TourPage params={params} />}</Route>
        <Route path={paths.moderation} component={ModerationPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
