/**
 * Smart suggestions (docs/design.md, part 3 "Smart notification", docs/architecture.md, "Notifications"), built from one sample: the nearest visible
 * stories of others around the reader (one KNN walk of the GiST index, at most NOTIFICATION_LIMITS.smartSampleSize
 * rows, within 50 km). Pure, so every rule is unit-tested; the query is in notification-repository.ts.
 */
import { DISCOVERY_RADIUS_M, UNLOCK_RADIUS_M } from '#common/constants';
import {
  compassDirection,
  distanceWords,
  type CompassDirection,
  nearestWhisperWords,
  NOTIFICATION_LIMITS,
  timeOfDayOfStart,
  UNCHARTED_TITLE,
  unchartedWords,
  type TimeOfDay,
} from '#common/notifications';
import { say, words, type Words } from '#common/words';
import type { Category } from '#common/categories';
import type { SmartNotification } from '#common/notification-schemas';
import type { Point } from '#common/geo';

export interface SmartSampleStory {
  latitude: number;
  longitude: number;
  category: string;
  type: string;
  timeRestriction: string;
  unlockStartTime: string | null;
  /** Metres from the reader (sphere). */
  distance: number;
  /** The signed-in reader has unlocked it before (a `unlocked` mark); always false for visitors. */
  read: boolean;
  /** The reader's own story: on their map too, so never "uncharted", but nothing to discover or read anew. */
  own?: boolean;
}

export interface SmartContext {
  location: Point;
  timeOfDay: TimeOfDay;
  /** Null for a visitor: only the nearby and discovery suggestions. */
  user: { favoriteStoryType: string | null } | null;
}

// The words a suggestion puts in its sentences, one literal each so the catalogue check finds them all.
const DIRECTION_WORDS: Record<CompassDirection, Words> = {
  north: words('north'),
  'north-east': words('north-east'),
  east: words('east'),
  'south-east': words('south-east'),
  south: words('south'),
  'south-west': words('south-west'),
  west: words('west'),
  'north-west': words('north-west'),
};
const WHEN_WORDS: Record<TimeOfDay, Words> = {
  night: words('tonight'),
  morning: words('this morning'),
  afternoon: words('this afternoon'),
  evening: words('this evening'),
};
/** The type as people read it: "TikTok", the others as their lowercase names. */
const TYPE_WORDS: Record<string, Words> = {
  audio: words('audio'),
  text: words('text'),
  image: words('image'),
  video: words('video'),
  tiktok: words('TikTok'),
};
const CATEGORY_WORDS: Record<Category, Words> = {
  Mystery: words('Mystery'),
  Adventure: words('Adventure'),
  History: words('History'),
  Fantasy: words('Fantasy'),
  Personal: words('Personal'),
  Romance: words('Romance'),
  Horror: words('Horror'),
  Nature: words('Nature'),
  'Science Fiction': words('Science Fiction'),
};
/** A category outside the list (older rows) is said as it is. */
const categoryWords = (category: string): Words | string => CATEGORY_WORDS[category as Category] ?? category;

/** A suggestion whose texts are words, said in the reader's language by the route (common/words.ts). */
export type SmartSuggestionWords = Omit<SmartNotification, 'title' | 'message'> & { title: Words; message: Words };

/** The suggestions in English (the unit tests' and the spec's words). */
export function buildSmartSuggestions(everything: SmartSampleStory[], ctx: SmartContext): SmartNotification[] {
  return buildSmartSuggestionWords(everything, ctx).map((item) => ({
    ...item,
    title: say(item.title),
    message: say(item.message),
  }));
}

/** `everything` nearest first, the reader's own stories flagged. */
export function buildSmartSuggestionWords(everything: SmartSampleStory[], ctx: SmartContext): SmartSuggestionWords[] {
  const sample = everything.filter((s) => !s.own);
  const within = sample.filter((s) => s.distance <= DISCOVERY_RADIUS_M);
  const ownWithin = everything.filter((s) => s.own && s.distance <= DISCOVERY_RADIUS_M).length;
  const suggestions: SmartSuggestionWords[] = [];
  const radius = distanceWords(DISCOVERY_RADIUS_M);
  const where = (s: SmartSampleStory) =>
    words('{0} to the {1}', distanceWords(s.distance), DIRECTION_WORDS[compassDirection(ctx.location, s)]);

  if (within.length > 0) {
    const capped = within.length >= NOTIFICATION_LIMITS.smartSampleSize;
    const inReach = within.filter((s) => s.distance <= UNLOCK_RADIUS_M).length;
    const nearestLocked = within.find((s) => s.distance > UNLOCK_RADIUS_M);
    const readNow =
      inReach === 0
        ? ''
        : inReach === 1
          ? words('One is close enough to read now.')
          : words('{0} are close enough to read now.', inReach);
    const locked = nearestLocked ? words('The nearest locked one is {0}.', where(nearestLocked)) : '';
    suggestions.push({
      type: 'nearby',
      priority: inReach > 0 ? 'high' : 'medium',
      title: words(
        capped
          ? '{0}+ whispers within {1}'
          : within.length === 1
            ? '{0} whisper within {1}'
            : '{0} whispers within {1}',
        within.length,
        radius,
      ),
      message: words(readNow && locked ? '{0} {1}' : '{0}{1}', readNow, locked),
    });
  } else if (ownWithin > 0) {
    // The map shows them: the card says they are the only ones rather than "uncharted" (docs/decisions/014-phone-round-2.md).
    suggestions.push({
      type: 'discovery',
      priority: 'low',
      title: words('Only your whispers here'),
      message:
        ownWithin === 1
          ? words('Your whisper is the only one within {0}. Leave another, or walk on to find others.', radius)
          : words(
              'Your {0} whispers are the only ones within {1}. Leave another, or walk on to find others.',
              ownWithin,
              radius,
            ),
    });
  } else {
    // One's own stories are whispers too: the nearest of all, so the card agrees with the map.
    const sampled = everything[0];
    const nearest = sampled && {
      distance: Math.round(sampled.distance),
      direction: compassDirection(ctx.location, sampled),
    };
    suggestions.push(
      nearest
        ? {
            type: 'discovery',
            priority: 'medium',
            title: words('A whisper further afield'),
            message: words(
              'Nothing within {0} yet. {1}.',
              radius,
              nearestWhisperWords({ distance: nearest.distance, direction: DIRECTION_WORDS[nearest.direction] }),
            ),
            nearest,
          }
        : {
            type: 'discovery',
            priority: 'low',
            title: words(UNCHARTED_TITLE),
            message: unchartedWords(),
            uncharted: true,
          },
    );
  }
  if (!ctx.user || within.length === 0) return suggestions;

  const opening = within.filter(
    (s) => s.timeRestriction === 'time_of_day' && timeOfDayOfStart(s.unlockStartTime) === ctx.timeOfDay,
  );
  if (opening.length > 0) {
    const when = WHEN_WORDS[ctx.timeOfDay];
    suggestions.push({
      type: 'other',
      priority: 'medium',
      title: words('Opening {0}', when),
      message: words(
        opening.length === 1
          ? '{0} time-locked whisper nearby opens {1}.'
          : '{0} time-locked whispers nearby open {1}.',
        opening.length,
        when,
      ),
    });
  }

  const favourite = ctx.user.favoriteStoryType;
  const favourites = favourite ? within.filter((s) => s.type === favourite).length : 0;
  if (favourite && favourites > 0) {
    const named = TYPE_WORDS[favourite] ?? favourite;
    suggestions.push({
      type: 'recommendation',
      priority: 'medium',
      title: words('Your favourite: {0} stories', named),
      message: words(
        favourites === 1 ? '{0} {1} whisper is within {2}.' : '{0} {1} whispers are within {2}.',
        favourites,
        named,
        radius,
      ),
    });
  }

  const unreadCategory = categoryNotReadNearby(within);
  if (unreadCategory) {
    const category = categoryWords(unreadCategory.category);
    suggestions.push({
      type: 'recommendation',
      priority: 'low',
      title: words('Something new: {0}', category),
      message: words(
        unreadCategory.count === 1
          ? '{0} {1} whisper nearby, a kind you have not read here yet.'
          : '{0} {1} whispers nearby, a kind you have not read here yet.',
        unreadCategory.count,
        category,
      ),
    });
  }
  return suggestions;
}

/** The category with the most stories nearby of which the reader has read none (ties: the nearest first). */
export function categoryNotReadNearby(within: SmartSampleStory[]): { category: string; count: number } | null {
  const counts = new Map<string, { count: number; read: boolean }>();
  for (const s of within) {
    const entry = counts.get(s.category) ?? { count: 0, read: false };
    entry.count += 1;
    entry.read ||= s.read;
    counts.set(s.category, entry);
  }
  let best: { category: string; count: number } | null = null;
  for (const [category, { count, read }] of counts) {
    if (!read && (!best || count > best.count)) best = { category, count };
  }
  return best;
}
