import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { HomePage } from '../features/home/home-page';
import { PageLoading } from '../components/layout/page-loading';

// Everything but the home screen loads on demand, keeping the initial bundle small.
const MyStoriesPage = lazy(() => import('../features/my-stories/my-stories-page'));
const SetupPage = lazy(() => import('../features/auth/setup-page'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const DiscoverPage = lazy(() => import('../features/discover/discover-page'));
const DiscoverSimplePage = lazy(() => import('../features/discover/discover-simple-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={paths.home}>{() => <HomePage />}</Route>
        <Route path={paths.storyPattern}>{(params) => <HomePage storyId={params.id} />}</Route>
        <Route path={paths.myStories} component={MyStoriesPage} />
        <Route path={paths.setup} component={SetupPage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route path={paths.discover} component={DiscoverPage} />
        <Route path={paths.discoverAdvanced} component={DiscoverPage} />
        <Route path={paths.discoverSimple} component={DiscoverSimplePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
