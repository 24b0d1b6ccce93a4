/**
 * Traces and follows (docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md): the limits,
 * the texts people read and the text check both sides share. No zod here (trace-schemas.ts holds the schemas).
 */
import { distanceWords } from './notifications';
import { say, words, type Words } from './words';
import { hasUnsafeTextCharacters, safeDisplayName } from './text';

export const TRACE_LIMITS = {
  textMax: 280,
  /** Traces one account may leave per UTC day, over every story (one per story and day besides). */
  perAccountDaily: 20,
  pageDefault: 20,
  pageMax: 50,
  hideReasonMax: 280,
} as const;

export const TRACE_MESSAGES = {
  textRequired: 'Write a few words to leave a trace.',
  textTooLong: `A trace is at most ${TRACE_LIMITS.textMax} characters.`,
  unsafeText: 'A trace cannot hold control, zero-width or text-direction characters.',
  notUnlocked: 'You can leave a trace only on a story you have unlocked. Walk there to unlock it first.',
  oncePerDay: 'You have already left a trace on this story today.',
  dailyCap: `You have left ${TRACE_LIMITS.perAccountDaily} traces today. Come back tomorrow.`,
  notFound: 'Trace not found',
  notYours: 'Only the writer of a trace can delete it.',
  notYourStory: "Only the story's author can hide a trace on it.",
  ownTraceReport: 'You cannot report your own trace.',
  hideReasonRequired: 'Say why you hide this trace.',
  appealOnce: 'This hiding was already appealed.',
  appealNotHidden: 'Only a hidden trace can be appealed.',
  blocked: 'You cannot leave a trace on this story.',
  photoOnlyOnce: 'This trace already has a photo.',
} as const;

/**
 * Whether a trace's text holds a character that could disguise it: controls (a line break aside), bidi overrides
 * and isolates, zero-width characters (the public-text rule of text.ts for multi-line fields).
 */
export function hasUnsafeTraceCharacters(text: string): boolean {
  return hasUnsafeTextCharacters(text, 'multi');
}

/** "1 trace", "12 traces": a story card's count (the same for every reader). */
export const traceCountLine = (count: number) => `${count} ${count === 1 ? 'trace' : 'traces'}`;

/** "12 traces — walk here to read them" (what a reader the story is locked for sees). */
export function lockedTracesLine(count: number): string {
  return `${traceCountLine(count)} — walk here to read them`;
}

export const TRACE_NOTIFICATION_TEXTS = {
  leftTitle: 'New traces',
  hiddenTitle: 'Trace hidden',
  digestTitle: 'From authors you follow',
  appealTitle: 'Appeal decided',
} as const;

/** The writer's notice when a moderator settles their appeal, with the moderator's note when there is one. */
export function traceAppealDecidedWords(title: string, restored: boolean, note: string | null): Words {
  const outcome = restored
    ? words('Your appeal was accepted: your trace on “{0}” is shown again.', title)
    : words('Your appeal was decided: your trace on “{0}” stays hidden.', title);
  return note ? words('{0} The moderator’s note: “{1}”', outcome, note) : outcome;
}

/**
 * A reported trace's weight in words, as the story queue says a story's (traces are never hidden automatically,
 * so nothing is said "toward hiding"): "3 reports: 2 counted, 1 from a new account".
 */
export function traceReportWeightText(r: { open: number; counted: number; fromNewAccounts: number }): string {
  if (r.open === 0) return 'No open reports';
  const head = `${r.open} ${r.open === 1 ? 'report' : 'reports'}`;
  if (r.counted >= r.open) return `${head}, ${r.open === 1 ? 'counted' : 'all counted'}`;
  const newAccounts = Math.min(r.fromNewAccounts, r.open - r.counted);
  const others = r.open - r.counted - newAccounts;
  const from = [
    ...(newAccounts > 0 ? [newAccounts === 1 ? '1 from a new account' : `${newAccounts} from new accounts`] : []),
    ...(others > 0
      ? [others === 1 ? '1 from a reader who may not report now' : `${others} from readers who may not report now`]
      : []),
  ];
  return `${head}: ${r.counted} counted, ${from.join(', ')}`;
}

/** "3 new traces on “Harbor Bell”" (grouped per story while unread). */
export const tracesLeftWords = (count: number, title: string): Words =>
  words(count === 1 ? '{0} new trace on “{1}”' : '{0} new traces on “{1}”', count, title);
export const tracesLeftMessage = (count: number, title: string): string => say(tracesLeftWords(count, title));

/** `reason` is the author's own words, said as they wrote them. */
export const traceHiddenWords = (title: string, reason: string): Words =>
  words('The author of “{0}” hid your trace: {1} You may appeal once from the story.', title, reason);

/**
 * "3 new whispers by Ana, the nearest 2 km from you" — the distance rounded to whole kilometres (at least 1 km),
 * and only when the follower's last accepted position was known; tours are counted, never placed.
 */
export function digestWords(args: {
  displayName: string;
  stories: number;
  tours: number;
  nearestM: number | null;
}): Words {
  const stories = words(args.stories === 1 ? '{0} new whisper' : '{0} new whispers', args.stories);
  const tours = words(args.tours === 1 ? '{0} new tour' : '{0} new tours', args.tours);
  const what =
    args.stories > 0 && args.tours > 0 ? words('{0} and {1}', stories, tours) : args.stories > 0 ? stories : tours;
  const by = words('{0} by {1}', what, safeDisplayName(args.displayName));
  if (args.nearestM === null || args.stories === 0) return by;
  return words('{0}, the nearest {1} from you', by, distanceWords(coarseDistanceM(args.nearestM)));
}
export const digestMessage = (args: Parameters<typeof digestWords>[0]): string => say(digestWords(args));

/** A distance no finer than a kilometre (never below 1 km): a digest must not place anyone. */
export function coarseDistanceM(metres: number): number {
  return Math.max(1, Math.round(metres / 1000)) * 1000;
}

export const FOLLOW_TEXTS = {
  follow: 'Follow',
  following: 'Following',
  fromAuthorsYouFollow: 'From authors you follow',
  notFound: 'Author not found',
  notYourself: 'You cannot follow yourself.',
  blocked: 'You cannot follow this author.',
} as const;

/** "1 follower", "12 followers". */
export const followerCountLine = (count: number) => `${count} ${count === 1 ? 'follower' : 'followers'}`;
/** "1 public story", "5 public stories". */
export const publicStoryCountLine = (count: number) => `${count} public ${count === 1 ? 'story' : 'stories'}`;
