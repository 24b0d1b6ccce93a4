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

export const DRAFT_MESSAGES = {
  notFound: 'Draft not found.',
  tooMany: `You can keep at most ${DRAFTS.maxPerAuthor} planned stories. Pin or delete some first.`,
  tooFar: `You are too far from the planned place. Go within ${DRAFTS.pinReachM} m of it to pin this story.`,
  tourNotFound: 'Planned tour not found.',
  pinning: 'This story is being pinned already.',
  tourTooFewPinned: `Pin at least ${DRAFTS.minPinnedStopsToPublish} stops of this tour before publishing it.`,
  fieldsRequired: 'Send the draft fields to change as an object of texts.',
} as const;
