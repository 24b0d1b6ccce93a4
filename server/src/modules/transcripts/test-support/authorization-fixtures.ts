/**
 * The authorization matrix's word on the transcript routes (server/src/authorization-matrix.api.test.ts): the
 * owner's fixture stories are a text and an image story, which have neither transcript nor captions, so the owner
 * is refused with 400 there on purpose (transcripts.api.test.ts covers audio and video stories).
 */
const WHY = 'the fixture stories are text and image stories: only audio and video have a transcript or captions';

const ROUTES = [
  'GET /api/stories/:id/transcript',
  'PUT /api/stories/:id/transcript',
  'DELETE /api/stories/:id/transcript',
] as const;

export const TRANSCRIPT_OWNER_REFUSED: Record<string, { status: number[]; why: string }> = Object.fromEntries(
  ROUTES.map((route) => [route, { status: [400], why: WHY }]),
);

export const TRANSCRIPT_VALID_YET_REFUSED: Record<string, string> = Object.fromEntries(
  ROUTES.map((route) => [route, WHY]),
);
