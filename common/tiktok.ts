/**
 * TikTok links (docs/design.md, part 5, docs/design.md, rule 2). One pure parser shared by the create dialog's live
 * "Valid" / "Invalid TikTok URL" indicator and the server, which stores the id it extracts itself.
 */

/** The hosts a TikTok story may link to (docs/design.md, rule 2). */
const TIKTOK_HOSTS = ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com'] as const;

export interface TikTokLink {
  /** The link to open ("Watch on TikTok"); a bare video id becomes a canonical tiktok.com address. */
  url: string;
  /** The numeric video id, or the short-link code of a vm.tiktok.com / tiktok.com/t/ link. */
  videoId: string;
}

/** TikTok video ids are 19-digit numbers. */
const VIDEO_ID = /^\d{19}$/;
/** Short-link codes are short alphanumeric tokens (e.g. ZMabc123). */
const SHORT_CODE = /^[A-Za-z0-9_-]{5,40}$/;

/**
 * Parses what a user pasted. Accepted forms:
 * - `https://www.tiktok.com/@user/video/{19-digit id}` (any of the four hosts; query and fragment ignored)
 * - `https://vm.tiktok.com/{code}/` (short link)
 * - `https://www.tiktok.com/t/{code}/` (short link)
 * - a bare 19-digit video id
 * The scheme may be omitted (`www.tiktok.com/@user/video/…`). Returns null for anything else.
 */
export function parseTikTokUrl(input: string | null | undefined): TikTokLink | null {
  const text = (input ?? '').trim();
  if (!text || text.length > 2_000) return null;
  if (VIDEO_ID.test(text)) return { url: `https://www.tiktok.com/@/video/${text}`, videoId: text };

  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (!(TIKTOK_HOSTS as readonly string[]).includes(host)) return null;

  const segments = url.pathname.split('/').filter(Boolean);
  let videoId: string | null = null;
  if (host === 'vm.tiktok.com') {
    // vm.tiktok.com/{code}/
    if (segments.length === 1 && SHORT_CODE.test(segments[0]!)) videoId = segments[0]!;
  } else if (segments[0] === 't') {
    // tiktok.com/t/{code}/
    if (segments.length === 2 && SHORT_CODE.test(segments[1]!)) videoId = segments[1]!;
  } else if (segments.length === 3 && segments[0]!.startsWith('@') && segments[1] === 'video') {
    // tiktok.com/@user/video/{id}
    if (VIDEO_ID.test(segments[2]!)) videoId = segments[2]!;
  }
  if (!videoId) return null;
  // Stored and shown without tracking parameters or fragment.
  url.protocol = 'https:';
  url.search = '';
  url.hash = '';
  return { url: url.toString(), videoId };
}

/** True when `input` is a TikTok link the app accepts (the create dialog's live indicator). */
export function isValidTikTokUrl(input: string | null | undefined): boolean {
  return parseTikTokUrl(input) !== null;
}
