import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { HomePage } from './routes/home';
import { PageLoading } from '../components/layout/page-loading';

// Everything but the home screen loads on demand, keeping the initial bundle small.
const MyStoriesPage = lazy(() => import('./routes/my-stories'));
const StoryInsightsPage = lazy(() => import('./routes/story-insights'));
const SetupPage = lazy(() => import('./routes/setup'));
const AuthPage = lazy(() => import('./routes/auth'));
const DiscoverPage = lazy(() => import('./routes/discover'));
const DiscoverSimplePage = lazy(() => import('./routes/discover-simple'));
const ModerationPage = lazy(() => import('./routes/moderation'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const TourPage = lazy(() => import('./routes/tour'));

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
