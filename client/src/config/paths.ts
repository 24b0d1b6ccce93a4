/** Every client route in one typed table (spec section 2); no hand-built URLs elsewhere. */
export const paths = {
  home: '/',
  myStories: '/my-stories',
  /** Authors' insights for one of your stories (issue 27). */
  storyInsights: (id: string) => `/my-stories/${encodeURIComponent(id)}/insights`,
  storyInsightsPattern: '/my-stories/:id/insights',
  setup: '/setup',
  auth: '/auth',
  discover: '/discover',
  /** Home's "View All": the discovery screen in list view. */
  discoverList: '/discover?view=list',
  discoverAdvanced: '/discover-advanced',
  discoverSimple: '/discover-simple',
  story: (id: string) => `/stories/${encodeURIComponent(id)}`,
  storyPattern: '/stories/:id',
  logout: '/api/logout',
} as const;
