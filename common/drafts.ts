/**
 * Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md): the limits and the sentences
 * both sides show. No zod here (the schemas are in draft-schemas.ts).
 */
export const DRAFTS = {
  /** Drafts one author may keep at once (imported stops count too). */
  maxPerAuthor: 50,
  /** "Pin here" publishes a draft only this close to its planned place (docs/design.md rule 12's 200 m). */
  pinReachM: 200,
  /** A planned tour is published as a real tour once this many of its stops are pinned. */
  minPinnedStopsToPublish: 2,
} as const;

/**
 * A route file (GPX, KML, GeoJSON) larger than this is refused unread: by the server before parsing, and by the
 * browser before sending (a 5,000-point GPX track is about 0.5 MB).
 */
export const ROUTE_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** The sentence both sides show for a route file over the limit. */
export const ROUTE_FILE_TOO_LARGE = `The route file is too large (at most ${ROUTE_FILE_MAX_BYTES / (1024 * 1024)} MB).`;

export const DRAFT_MESSAGES = {
  notFound: 'Draft not found.',
  tooMany: `You can keep at most ${DRAFTS.maxPerAuthor} planned stories. Pin or delete some first.`,
  tooFar: `You are too far from the planned place. Go within ${DRAFTS.pinReachM} m of it to pin this story.`,
  tourNotFound: 'Planned tour not found.',
  pinning: 'This story is being pinned already.',
  tourTooFewPinned: `Pin at least ${DRAFTS.minPinnedStopsToPublish} stops of this tour before publishing it.`,
  fieldsRequired: 'Send the draft fields to change as an object of texts.',
} as const;
