/**
 * The API's route table (docs/decisions/012-module-fences.md): every /api route by a stable name, with its method and its path in
 * Fastify's form (`:param`, a trailing `*`). The server registers each route from its entry
 * (server/src/lib/api-route.ts) and the client calls by name (client/src/lib/api.ts), so neither spells a URL.
 * This half is what the browser needs at run time: plain strings, no zod. The schemas of each route are in
 * contract.ts, which `satisfies` this table (same names, params matching the path).
 */
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  path: `/api/${string}`;
}

export const API_ROUTES = {
  // Service
  health: { method: 'GET', path: '/api/health' },
  ready: { method: 'GET', path: '/api/ready' },
  metrics: { method: 'GET', path: '/api/metrics' },
  categories: { method: 'GET', path: '/api/categories' },
  publicConfig: { method: 'GET', path: '/api/config' },
  openApiDocument: { method: 'GET', path: '/api/docs/openapi.json' },
  apiDocs: { method: 'GET', path: '/api/docs' },

  // Accounts and sessions
  register: { method: 'POST', path: '/api/user/register' },
  login: { method: 'POST', path: '/api/user/login' },
  currentUser: { method: 'GET', path: '/api/user/current' },
  setupProfile: { method: 'POST', path: '/api/user/setup' },
  setLanguage: { method: 'PUT', path: '/api/user/language' },
  checkUsername: { method: 'POST', path: '/api/user/check-username' },
  forgotPassword: { method: 'POST', path: '/api/user/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/user/reset-password' },
  logout: { method: 'POST', path: '/api/logout' },
  /** The plain sign-out link (a redirect to /auth). */
  logoutLink: { method: 'GET', path: '/api/logout' },
  deleteAccount: { method: 'DELETE', path: '/api/account' },
  exportAccount: { method: 'GET', path: '/api/account/export' },

  // Stories
  discoverableStories: { method: 'GET', path: '/api/stories/discoverable/:lat/:lng' },
  storiesAround: { method: 'GET', path: '/api/stories/around/:lat/:lng' },
  mapAround: { method: 'GET', path: '/api/stories/map/:lat/:lng' },
  mapInBox: { method: 'GET', path: '/api/stories/map' },
  allStories: { method: 'GET', path: '/api/stories/all' },
  userStories: { method: 'GET', path: '/api/stories/user/:userId' },
  story: { method: 'GET', path: '/api/stories/:id' },
  /** Multipart (the client sends it by XMLHttpRequest for upload progress). */
  createStory: { method: 'POST', path: '/api/stories' },
  editStory: { method: 'PATCH', path: '/api/stories/:id' },
  deleteStory: { method: 'DELETE', path: '/api/stories/:id' },
  likeStory: { method: 'POST', path: '/api/stories/:id/like' },
  unlikeStory: { method: 'DELETE', path: '/api/stories/:id/like' },
  reportStory: { method: 'POST', path: '/api/stories/:id/report' },
  /** An audio story's transcript, a video's captions: the author's editor (docs/decisions/056-transcripts-and-captions.md). */
  storyTranscript: { method: 'GET', path: '/api/stories/:id/transcript' },
  saveTranscript: { method: 'PUT', path: '/api/stories/:id/transcript' },
  deleteTranscript: { method: 'DELETE', path: '/api/stories/:id/transcript' },
  /** Signed media URLs come in story answers; the service worker matches this path's prefix. */
  mediaFile: { method: 'GET', path: '/api/media/*' },

  // Notifications
  notifications: { method: 'GET', path: '/api/notifications' },
  unreadNotifications: { method: 'GET', path: '/api/notifications/unread' },
  markAllNotificationsRead: { method: 'POST', path: '/api/notifications/read-all' },
  markNotificationRead: { method: 'POST', path: '/api/notifications/:id/read' },
  smartSuggestions: { method: 'GET', path: '/api/notifications/smart/:lat/:lng' },
  /** Server-Sent Events (an EventSource, not a fetch). */
  notificationStream: { method: 'GET', path: '/api/notifications/stream' },

  // Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md)
  createDraft: { method: 'POST', path: '/api/drafts' },
  myDrafts: { method: 'GET', path: '/api/drafts' },
  editDraft: { method: 'PATCH', path: '/api/drafts/:id' },
  deleteDraft: { method: 'DELETE', path: '/api/drafts/:id' },
  pinDraft: { method: 'POST', path: '/api/drafts/:id/pin' },
  importRoute: { method: 'POST', path: '/api/drafts/import' },
  myPlannedTours: { method: 'GET', path: '/api/drafts/tours' },
  publishPlannedTour: { method: 'POST', path: '/api/drafts/tours/:id/publish' },
  deletePlannedTour: { method: 'DELETE', path: '/api/drafts/tours/:id' },

  // Tours
  createTour: { method: 'POST', path: '/api/tours' },
  editTour: { method: 'PATCH', path: '/api/tours/:id' },
  deleteTour: { method: 'DELETE', path: '/api/tours/:id' },
  toursNear: { method: 'GET', path: '/api/tours/near/:lat/:lng' },
  myTours: { method: 'GET', path: '/api/tours/mine' },
  tour: { method: 'GET', path: '/api/tours/:id' },
  tourMapTiles: { method: 'GET', path: '/api/tiles/tours/:id' },

  // Trust and safety
  moderationQueue: { method: 'GET', path: '/api/moderation/queue' },
  decideOnStory: { method: 'POST', path: '/api/moderation/stories/:id/decisions' },
  decideOnUser: { method: 'POST', path: '/api/moderation/users/:userId/decisions' },
  resolveAppeal: { method: 'POST', path: '/api/moderation/appeals/:id/resolve' },
  auditLog: { method: 'GET', path: '/api/moderation/audit' },
  setRole: { method: 'POST', path: '/api/admin/roles' },
  myDecisions: { method: 'GET', path: '/api/moderation/decisions/mine' },
  appealDecision: { method: 'POST', path: '/api/moderation/decisions/:id/appeal' },
  blocks: { method: 'GET', path: '/api/blocks' },
  blockAuthor: { method: 'PUT', path: '/api/blocks/:userId' },
  unblockAuthor: { method: 'DELETE', path: '/api/blocks/:userId' },

  // Insights
  insightEvent: { method: 'POST', path: '/api/insights/events' },
  tourInsightEvent: { method: 'POST', path: '/api/insights/tour-events' },
  tourInsights: { method: 'GET', path: '/api/insights/tours/:id' },
  insightsSummary: { method: 'GET', path: '/api/insights/stories' },
  storyInsights: { method: 'GET', path: '/api/insights/stories/:id' },

  // Web Push
  pushPublicKey: { method: 'GET', path: '/api/push/public-key' },
  pushSubscribe: { method: 'POST', path: '/api/push/subscriptions' },
  pushSubscriptionStatus: { method: 'POST', path: '/api/push/subscriptions/status' },
  pushUnsubscribe: { method: 'DELETE', path: '/api/push/subscriptions' },
  pushPreferences: { method: 'GET', path: '/api/push/preferences' },
  setPushPreferences: { method: 'PUT', path: '/api/push/preferences' },

  // Places (the offline gazetteer)
  placeSearch: { method: 'GET', path: '/api/places' },
  // Traces (docs/decisions/045-traces-read-where-left.md)
  storyTraces: { method: 'GET', path: '/api/stories/:id/traces' },
  leaveTrace: { method: 'POST', path: '/api/stories/:id/traces' },
  /** Multipart: one `photo` file (re-encoded, metadata dropped). */
  addTracePhoto: { method: 'PUT', path: '/api/traces/:id/photo' },
  tracePhoto: { method: 'GET', path: '/api/traces/:id/photo' },
  deleteTrace: { method: 'DELETE', path: '/api/traces/:id' },
  hideTrace: { method: 'POST', path: '/api/traces/:id/hide' },
  appealTrace: { method: 'POST', path: '/api/traces/:id/appeal' },
  reportTrace: { method: 'POST', path: '/api/traces/:id/report' },
  traceQueue: { method: 'GET', path: '/api/moderation/traces' },
  moderateTrace: { method: 'POST', path: '/api/moderation/traces/:id' },

  // Follows (docs/decisions/046-follows-daily-digest.md)
  authorPage: { method: 'GET', path: '/api/authors/:userId' },
  followAuthor: { method: 'PUT', path: '/api/authors/:userId/follow' },
  unfollowAuthor: { method: 'DELETE', path: '/api/authors/:userId/follow' },
  followedStories: { method: 'GET', path: '/api/follows/stories' },

  // Routes out, QR codes (docs/decisions/054-tours-as-gpx-and-geojson.md, 055-qr-posters-and-embeds.md)
  tourGpx: { method: 'GET', path: '/api/tours/:id/export.gpx' },
  tourGeoJson: { method: 'GET', path: '/api/tours/:id/export.geojson' },
  storyQrSvg: { method: 'GET', path: '/api/stories/:id/qr.svg' },
  storyQrPng: { method: 'GET', path: '/api/stories/:id/qr.png' },
  tourQrSvg: { method: 'GET', path: '/api/tours/:id/qr.svg' },
  tourQrPng: { method: 'GET', path: '/api/tours/:id/qr.png' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/**
 * A route's path template, for the few callers that build a request themselves: the upload with progress
 * (XMLHttpRequest), the notification stream (EventSource), the service worker's media match.
 */
export function apiPath<N extends ApiRouteName>(name: N): (typeof API_ROUTES)[N]['path'] {
  return API_ROUTES[name].path;
}
export type ApiPath<N extends ApiRouteName> = (typeof API_ROUTES)[N]['path'];

/** The names of a path's parameters: `/api/tours/:id` → 'id', `/api/media/*` → '*'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;
