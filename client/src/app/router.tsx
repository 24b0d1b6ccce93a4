import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { PageLoading } from '../components/layout/page-loading';
import { storyMap } from '#client/features/stories/components/map/load-story-map';
import { preloadableLazy } from '#client/lib/preloadable-lazy';
import { mapPageAt } from '#common/map-pages';

// Every page loads on demand, keeping the entry small: the home page's code is not fetched on /discover, nor the
// discovery screen's on / (bench/README.md: JavaScript before the page is idle).
const home = preloadableLazy(
  () => import('./routes/home'),
  (module) => module.HomePage,
);
const discover = preloadableLazy(
  () => import('./routes/discover'),
  (module) => module.default,
);
const HomePage = home.Component;
const DiscoverPage = discover.Component;
const MyStoriesPage = lazy(() => import('./routes/my-stories'));
const StoryInsightsPage = lazy(() => import('./routes/story-insights'));
const SetupPage = lazy(() => import('./routes/setup'));
const AuthPage = lazy(() => import('./routes/auth'));
const DiscoverSimplePage = lazy(() => import('./routes/discover-simple'));
const ModerationPage = lazy(() => import('./routes/moderation'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const TourPage = lazy(() => import('./routes/tour'));
const AuthorPage = lazy(() => import('./routes/author'));

/**
 * Fetches the chunks of the page the app opens on before React's first render (`main.tsx`), all at once: the
 * page's own and, on the two map pages, the map's, which the page would otherwise ask for only after it has
 * rendered. Settles when they are in or one has failed (its lazy component then reports the failure); the first
 * render then draws the page and its map without suspending (preloadableLazy).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = mapPageAt(pathname);
  if (!page) return Promise.resolve();
  return Promise.all([(page === 'home' ? home : discover).preload(), storyMap.preload()]).catch(() => undefined);
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
        <Route path={paths.authorPattern}>{(params) => <AuthorPage params={params} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
