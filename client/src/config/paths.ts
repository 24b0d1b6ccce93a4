import { apiPath } from '#common/api/routes';

/** Every client route in one typed table (docs/design.md, part 2); no hand-built URLs elsewhere. */
export const paths = {
  home: '/',
  myStories: '/my-stories',
  /** Authors' insights for one of your stories (docs/decisions/018-insights-counts-not-readers.md). */
  storyInsights: (id: string) => `/my-stories/${encodeURIComponent(id)}/insights`,
  storyInsightsPattern: '/my-stories/:id/insights',
  setup: '/setup',
  auth: '/auth',
  discover: '/discover',
  /** Home's "View All": the discovery screen in list view. */
  discoverList: '/discover?view=list',
  discoverAdvanced: '/discover-advanced',
  discoverSimple: '/discover-simple',
  /** The moderation queue (moderators only). */
  moderation: '/moderation',
  story: (id: string) => `/stories/${encodeURIComponent(id)}`,
  storyPattern: '/stories/:id',
  /** A walking tour's page (docs/decisions/016-walk-mode-and-tours.md), also its share link. */
  tour: (id: string) => `/tours/${encodeURIComponent(id)}`,
  tourPattern: '/tours/:id',
  /** An author's page: name, bio, public tours, the count of their public stories, Follow. */
  author: (id: string) => `/authors/${encodeURIComponent(id)}`,
  authorPattern: '/authors/:id',
  /** The server's sign-out link (a redirect to /auth). */
  logout: apiPath('logoutLink'),
} as const;
