/**
 * The schemas of every route of the table in routes.ts (docs/decisions/012-module-fences.md): params, querystring, body and the
 * success (and other non-error) answers, the very zod schemas the server validates and serialises with. The
 * `{ message }` errors are added by the server for every route (server/src/lib/route-responses.ts).
 * The server registers from these entries (server/src/lib/api-route.ts); the client imports this file with
 * `import type` only, to type its calls (client/src/lib/api.ts), so no zod reaches the browser through it.
 * `satisfies ApiContractShape`: an entry for every name of the table and no other, and a params schema exactly
 * when the path has parameters, with those names.
 */
import { z } from 'zod';
import { accountExportSchema, deleteAccountRequestSchema } from '../account-schemas';
import {
  draftIdParamsSchema,
  draftListSchema,
  draftSchema,
  editDraftRequestSchema,
  importRouteRequestSchema,
  pinDraftRequestSchema,
  plannedTourListSchema,
  plannedTourSchema,
  publishPlannedTourRequestSchema,
} from '../draft-schemas';
import {
  insightEventRequestSchema,
  insightsPeriodQuerySchema,
  insightsSummarySchema,
  storyInsightsSchema,
  tourInsightEventRequestSchema,
  tourInsightsSchema,
} from '../insights-schemas';
import { mapMarkerColumnsSchema, mapQuerySchema } from '../map-schemas';
import { tourMapTilesQuerySchema, tourMapTilesSchema } from '../offline-map-schemas';
import {
  appealRequestSchema,
  appealResolutionRequestSchema,
  appealResultSchema,
  auditListSchema,
  auditQuerySchema,
  blockListSchema,
  blockResultSchema,
  decisionResultSchema,
  idParamsSchema,
  myDecisionsSchema,
  queueSchema,
  roleRequestSchema,
  roleResultSchema,
  storyDecisionRequestSchema,
  userDecisionRequestSchema,
  userIdParamsSchema as moderationUserIdParamsSchema,
} from '../moderation-schemas';
import {
  notificationIdParamsSchema,
  notificationListSchema,
  notificationPageQuerySchema,
  readAllResultSchema,
  readResultSchema,
  smartParamsSchema,
  smartQuerySchema,
  smartSuggestionsSchema,
  streamQuerySchema,
} from '../notification-schemas';
import {
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscribedSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../push-schemas';
import {
  bboxQuerySchema,
  categoriesResponseSchema,
  checkUsernameResponseSchema,
  createStoryMultipartSchema,
  healthResponseSchema,
  healthUnavailableResponseSchema,
  locationQuerySchema,
  messageResponseSchema,
  optionalLocationQueryShape,
  publicConfigResponseSchema,
  readinessResponseSchema,
  storyIdParamsSchema,
  userIdParamsSchema,
} from '../route-schemas';
import { authorTranscriptSchema, saveTranscriptRequestSchema } from '../transcript-schemas';
import {
  accuracyQuerySchema,
  checkUsernameRequestSchema,
  currentUserSchema,
  editStoryRequestSchema,
  forgotPasswordRequestSchema,
  latLngParamsSchema,
  likeResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  reportResponseSchema,
  reportStoryRequestSchema,
  resetPasswordRequestSchema,
  setupRequestSchema,
  setLanguageRequestSchema,
  storySchema,
} from '../schemas';
import {
  createTourRequestSchema,
  editTourRequestSchema,
  tourIdParamsSchema,
  tourPageQuerySchema,
  tourSchema,
  tourSummarySchema,
} from '../tour-schemas';
import { placeSchema, placeSearchQuerySchema } from '../place-schemas';
import {
  appealTraceRequestSchema,
  authorIdParamsSchema,
  authorPageSchema,
  followResultSchema,
  hideTraceRequestSchema,
  leaveTraceRequestSchema,
  reportTraceRequestSchema,
  storyTracesSchema,
  traceIdParamsSchema,
  traceModerationRequestSchema,
  tracePageQuerySchema,
  tracePhotoMultipartSchema,
  traceQueueSchema,
  traceResultSchema,
  traceSchema,
} from '../trace-schemas';
import type { ApiPath, ApiRouteName, PathParamNames } from './routes';
import { cursorQuerySchema } from '../page-schemas';

type Schema = z.ZodType;

/** What a route declares besides its access and summary (those stay in the route files). */
interface RouteSchemas {
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  /** Its answers by status, errors aside (every route answers `{ message }` for 4xx and 5xx). */
  response: Partial<Record<number, Schema>>;
}

type EntryFor<P extends string> = RouteSchemas &
  ([PathParamNames<P>] extends [never]
    ? { params?: never }
    : { params: z.ZodType<{ [K in PathParamNames<P>]: unknown }> });

export type ApiContractShape = { [N in ApiRouteName]: EntryFor<ApiPath<N>> };

const deleted = z.undefined().describe('Deleted');
const taken = z.undefined().describe('Taken');
const stories = z.array(storySchema);

/**
 * The map calls answer markers as columns unless `?view=full` (docs/design.md, rule 20, docs/decisions/024 and 025).
 * Both shapes are declared (OpenAPI shows either); the server writes each reply with its view's serialiser.
 */
const mapResponse = z
  .union([mapMarkerColumnsSchema, z.array(storySchema)])
  .describe('Markers as columns (view=markers, the default) or full stories (view=full)');

/**
 * The query of the story pages as a client sends it. The server checks it with a schema of its own that also
 * opens the signed cursor (server/src/modules/stories/read-routes.ts `pageQuerySchema`, the one documented).
 */
const storyPageQuerySchema = z.object({
  limit: z.number().int().optional(),
  cursor: cursorQuerySchema,
  ...optionalLocationQueryShape,
});

/** GET /api/media/<key>?exp=&sig= (server/src/modules/media-files/routes.ts). */
const mediaParamsSchema = z.object({ '*': z.string().describe('Media key, as in the signed URL') });
/** Anything else in the query is ignored; a missing or repeated exp/sig fails the signature check (403). */
const signedUrlQuerySchema = z.object({
  exp: z.unknown().optional().describe('Expiry (Unix seconds), part of the signed URL'),
  sig: z.unknown().optional().describe('Signature, part of the signed URL'),
});
const mediaFileResponse = z.unknown().describe('The media bytes (audio, image or video), whole or one byte range');

export const API_CONTRACT = {
  health: { response: { 200: healthResponseSchema, 503: healthUnavailableResponseSchema } },
  ready: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } },
  metrics: { response: { 200: z.string().describe('Prometheus text exposition format') } },
  categories: { response: { 200: categoriesResponseSchema } },
  publicConfig: { response: { 200: publicConfigResponseSchema } },
  openApiDocument: { response: { 200: z.custom<object>().describe('OpenAPI 3.0 document') } },
  apiDocs: { response: { 200: z.string().describe('HTML') } },

  register: { body: registerRequestSchema, response: { 201: currentUserSchema } },
  login: { body: loginRequestSchema, response: { 200: currentUserSchema } },
  currentUser: { response: { 200: currentUserSchema } },
  setupProfile: { body: setupRequestSchema, response: { 200: currentUserSchema } },
  setLanguage: { body: setLanguageRequestSchema, response: { 200: currentUserSchema } },
  checkUsername: { body: checkUsernameRequestSchema, response: { 200: checkUsernameResponseSchema } },
  forgotPassword: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
  resetPassword: { body: resetPasswordRequestSchema, response: { 200: currentUserSchema } },
  logout: { response: { 200: messageResponseSchema } },
  logoutLink: { response: { 302: z.undefined().describe('Redirect to /auth') } },
  deleteAccount: { body: deleteAccountRequestSchema, response: { 200: messageResponseSchema } },
  exportAccount: { response: { 200: accountExportSchema } },

  discoverableStories: { params: latLngParamsSchema, querystring: accuracyQuerySchema, response: { 200: stories } },
  storiesAround: { params: latLngParamsSchema, response: { 200: stories } },
  mapAround: { params: latLngParamsSchema, querystring: mapQuerySchema, response: { 200: mapResponse } },
  mapInBox: { querystring: bboxQuerySchema, response: { 200: mapResponse } },
  allStories: { querystring: storyPageQuerySchema, response: { 200: stories } },
  userStories: { params: userIdParamsSchema, querystring: storyPageQuerySchema, response: { 200: stories } },
  story: { params: storyIdParamsSchema, querystring: locationQuerySchema, response: { 200: storySchema } },
  // Read as a stream by the handler (files go to disk, never into memory); checked while reading.
  createStory: { body: createStoryMultipartSchema, response: { 201: storySchema } },
  editStory: { params: storyIdParamsSchema, body: editStoryRequestSchema, response: { 200: storySchema } },
  deleteStory: { params: storyIdParamsSchema, response: { 204: deleted } },
  likeStory: { params: storyIdParamsSchema, response: { 200: likeResponseSchema } },
  unlikeStory: { params: storyIdParamsSchema, response: { 200: likeResponseSchema } },
  reportStory: {
    params: storyIdParamsSchema,
    body: reportStoryRequestSchema,
    response: { 200: reportResponseSchema, 201: reportResponseSchema },
  },
  storyTranscript: { params: storyIdParamsSchema, response: { 200: authorTranscriptSchema } },
  saveTranscript: {
    params: storyIdParamsSchema,
    body: saveTranscriptRequestSchema,
    response: { 200: authorTranscriptSchema },
  },
  deleteTranscript: { params: storyIdParamsSchema, response: { 204: deleted } },
  mediaFile: {
    params: mediaParamsSchema,
    querystring: signedUrlQuerySchema,
    response: { 200: mediaFileResponse, 206: mediaFileResponse, 304: z.undefined() },
  },

  notifications: { querystring: notificationPageQuerySchema, response: { 200: notificationListSchema } },
  unreadNotifications: { querystring: notificationPageQuerySchema, response: { 200: notificationListSchema } },
  markAllNotificationsRead: { response: { 200: readAllResultSchema } },
  markNotificationRead: { params: notificationIdParamsSchema, response: { 200: readResultSchema } },
  smartSuggestions: {
    params: smartParamsSchema,
    querystring: smartQuerySchema,
    response: { 200: smartSuggestionsSchema },
  },
  notificationStream: { querystring: streamQuerySchema, response: { 200: z.string().describe('text/event-stream') } },

  createDraft: { body: createStoryMultipartSchema, response: { 201: draftSchema } },
  myDrafts: { response: { 200: draftListSchema } },
  editDraft: { params: draftIdParamsSchema, body: editDraftRequestSchema, response: { 200: draftSchema } },
  deleteDraft: { params: draftIdParamsSchema, response: { 204: deleted } },
  pinDraft: { params: draftIdParamsSchema, body: pinDraftRequestSchema, response: { 201: storySchema } },
  importRoute: { body: importRouteRequestSchema, response: { 201: plannedTourSchema } },
  myPlannedTours: { response: { 200: plannedTourListSchema } },
  publishPlannedTour: {
    params: draftIdParamsSchema,
    body: publishPlannedTourRequestSchema,
    response: { 201: tourSchema },
  },
  deletePlannedTour: { params: draftIdParamsSchema, response: { 204: deleted } },
  createTour: { body: createTourRequestSchema, response: { 201: tourSchema } },
  editTour: { params: tourIdParamsSchema, body: editTourRequestSchema, response: { 200: tourSchema } },
  deleteTour: { params: tourIdParamsSchema, response: { 204: deleted } },
  toursNear: {
    params: latLngParamsSchema,
    querystring: tourPageQuerySchema,
    response: { 200: z.array(tourSummarySchema) },
  },
  myTours: { querystring: tourPageQuerySchema, response: { 200: z.array(tourSummarySchema) } },
  tour: { params: tourIdParamsSchema, response: { 200: tourSchema } },
  tourMapTiles: {
    params: tourIdParamsSchema,
    querystring: tourMapTilesQuerySchema,
    response: { 200: tourMapTilesSchema },
  },

  moderationQueue: { response: { 200: queueSchema } },
  decideOnStory: { params: idParamsSchema, body: storyDecisionRequestSchema, response: { 201: decisionResultSchema } },
  decideOnUser: {
    params: moderationUserIdParamsSchema,
    body: userDecisionRequestSchema,
    response: { 201: decisionResultSchema },
  },
  resolveAppeal: { params: idParamsSchema, body: appealResolutionRequestSchema, response: { 200: appealResultSchema } },
  auditLog: { querystring: auditQuerySchema, response: { 200: auditListSchema } },
  setRole: { body: roleRequestSchema, response: { 200: roleResultSchema } },
  myDecisions: { response: { 200: myDecisionsSchema } },
  appealDecision: { params: idParamsSchema, body: appealRequestSchema, response: { 201: appealResultSchema } },
  blocks: { response: { 200: blockListSchema } },
  blockAuthor: { params: moderationUserIdParamsSchema, response: { 200: blockResultSchema } },
  unblockAuthor: { params: moderationUserIdParamsSchema, response: { 200: blockResultSchema } },

  insightEvent: { body: insightEventRequestSchema, response: { 204: taken } },
  tourInsightEvent: { body: tourInsightEventRequestSchema, response: { 204: taken } },
  tourInsights: {
    params: tourIdParamsSchema,
    querystring: insightsPeriodQuerySchema,
    response: { 200: tourInsightsSchema },
  },
  insightsSummary: { response: { 200: insightsSummarySchema } },
  storyInsights: {
    params: storyIdParamsSchema,
    querystring: insightsPeriodQuerySchema,
    response: { 200: storyInsightsSchema },
  },

  pushPublicKey: { response: { 200: pushPublicKeySchema } },
  pushSubscribe: { body: pushSubscriptionBodySchema, response: { 201: pushSubscribedSchema } },
  pushSubscriptionStatus: { body: pushUnsubscribeBodySchema, response: { 200: pushSubscribedSchema } },
  pushUnsubscribe: { body: pushUnsubscribeBodySchema, response: { 200: pushSubscribedSchema } },
  pushPreferences: { response: { 200: pushPreferencesSchema } },
  setPushPreferences: { body: pushPreferencesSchema, response: { 200: pushPreferencesSchema } },

  placeSearch: { querystring: placeSearchQuerySchema, response: { 200: z.array(placeSchema) } },
  storyTraces: { params: storyIdParamsSchema, querystring: tracePageQuerySchema, response: { 200: storyTracesSchema } },
  leaveTrace: { params: storyIdParamsSchema, body: leaveTraceRequestSchema, response: { 201: traceSchema } },
  addTracePhoto: { params: traceIdParamsSchema, body: tracePhotoMultipartSchema, response: { 200: traceSchema } },
  tracePhoto: { params: traceIdParamsSchema, response: { 200: z.unknown().describe('The photo bytes') } },
  deleteTrace: { params: traceIdParamsSchema, response: { 204: deleted } },
  hideTrace: { params: traceIdParamsSchema, body: hideTraceRequestSchema, response: { 200: traceResultSchema } },
  appealTrace: { params: traceIdParamsSchema, body: appealTraceRequestSchema, response: { 201: traceResultSchema } },
  reportTrace: {
    params: traceIdParamsSchema,
    body: reportTraceRequestSchema,
    response: { 200: reportResponseSchema, 201: reportResponseSchema },
  },
  traceQueue: { response: { 200: traceQueueSchema } },
  moderateTrace: {
    params: traceIdParamsSchema,
    body: traceModerationRequestSchema,
    response: { 200: traceResultSchema },
  },

  authorPage: { params: authorIdParamsSchema, response: { 200: authorPageSchema } },
  followAuthor: { params: authorIdParamsSchema, response: { 200: followResultSchema } },
  unfollowAuthor: { params: authorIdParamsSchema, response: { 200: followResultSchema } },
  followedStories: { querystring: locationQuerySchema, response: { 200: stories } },

  tourGpx: { params: tourIdParamsSchema, response: { 200: z.string().describe('GPX 1.1 (application/gpx+xml)') } },
  tourGeoJson: {
    params: tourIdParamsSchema,
    response: { 200: z.string().describe('GeoJSON FeatureCollection (application/geo+json)') },
  },
  storyQrSvg: { params: storyIdParamsSchema, response: { 200: z.string().describe('SVG image') } },
  storyQrPng: { params: storyIdParamsSchema, response: { 200: z.unknown().describe('PNG image') } },
  tourQrSvg: { params: tourIdParamsSchema, response: { 200: z.string().describe('SVG image') } },
  tourQrPng: { params: tourIdParamsSchema, response: { 200: z.unknown().describe('PNG image') } },
} satisfies ApiContractShape;

export type ApiContract = typeof API_CONTRACT;
