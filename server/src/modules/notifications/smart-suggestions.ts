/**
 * Smart suggestions (docs/design.md, part 3 "Smart notification", docs/architecture.md, "Notifications"), built from one sample: the nearest visible
 * stories of others around the reader (one KNN walk of the GiST index, at most NOTIFICATION_LIMITS.smartSampleSize
 * rows, within 50 km). Pure, so every rule is unit-tested; the query is in notification-repository.ts.
 */
import { DISCOVERY_RADIUS_M, UNLOCK_RADIUS_M } from '#common/constants';
import {
  compassDirection,
  formatDistance,
  nearestWhisperText,
  NOTIFICATION_LIMITS,
  timeOfDayOfStart,
  UNCHARTED_TITLE,
  unchartedText,
  type TimeOfDay,
} from '#common/notifications';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `everything` nearest first, the reader's own stories flagged. */
export function buildSmartSuggestions(everything: SmartSampleStory[], ctx: SmartContext): SmartNotification[] {
  const sample = everything.filter((s) => !s.own);
  const within = sample.filter((s) => s.distance <= DISCOVERY_RADIUS_M);
  const ownWithin = everything.filter((s) => s.own && s.distance <= DISCOVERY_RADIUS_M).length;
  const suggestions: SmartNotification[] = [];
  const where = (s: SmartSampleStory) => `${formatDistance(s.distance)} to the ${compassDirection(ctx.location, s)}`;

  if (within.length > 0) {
    const capped = within.length >= NOTIFICATION_LIMITS.smartSampleSize;
    const inReach = within.filter((s) => s.distance <= UNLOCK_RADIUS_M).length;
    const nearestLocked = within.find((s) => s.distance > UNLOCK_RADIUS_M);
    const parts: string[] = [];
    if (inReach > 0)
      parts.push(inReach === 1 ? 'One is close enough to read now.' : `${inReach} are close enough to read now.`);
    if (nearestLocked) parts.push(`The nearest locked one is ${where(nearestLocked)}.`);
    suggestions.push({
      type: 'nearby',
      priority: inReach > 0 ? 'high' : 'medium',
      title: `${capped ? `${within.length}+ whispers` : plural(within.length, 'whisper', 'whispers')} within ${formatDistance(DISCOVERY_RADIUS_M)}`,
      message: parts.join(' '),
    });
  } else if (ownWithin > 0) {
    // The map shows them: the card says they are the only ones rather than "uncharted" (docs/decisions/014-phone-round-2.md).
    suggestions.push({
      type: 'discovery',
      priority: 'low',
      title: 'Only your whispers here',
      message: `${ownWithin === 1 ? 'Your whisper is' : `Your ${ownWithin} whispers are`} the only ${ownWithin === 1 ? 'one' : 'ones'} within ${formatDistance(DISCOVERY_RADIUS_M)}. Leave another, or walk on to find others.`,
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
            title: 'A whisper further afield',
            message: `Nothing within ${formatDistance(DISCOVERY_RADIUS_M)} yet. ${nearestWhisperText(nearest)}.`,
            nearest,
          }
        : {
            type: 'discovery',
            priority: 'low',
            title: UNCHARTED_TITLE,
            message: unchartedText(),
          },
    );
  }
  if (!ctx.user || within.length === 0) return suggestions;

  const opening = within.filter(
    (s) => s.timeRestriction === 'time_of_day' && timeOfDayOfStart(s.unlockStartTime) === ctx.timeOfDay,
  );
  if (opening.length > 0) {
    const when = ctx.timeOfDay === 'night' ? 'tonight' : `this ${ctx.timeOfDay}`;
    suggestions.push({
      type: 'other',
      priority: 'medium',
      title: `Opening ${when}`,
      message: `${plural(opening.length, 'time-locked whisper', 'time-locked whispers')} nearby ${opening.length === 1 ? 'opens' : 'open'} ${when}.`,
    });
  }

  const favourite = ctx.user.favoriteStoryType;
  const favourites = favourite ? within.filter((s) => s.type === favourite).length : 0;
  // The type as people read it: "TikTok", the others as their lowercase names.
  const named = favourite === 'tiktok' ? 'TikTok' : favourite;
  if (favourite && favourites > 0) {
    suggestions.push({
      type: 'recommendation',
      priority: 'medium',
      title: `Your favourite: ${named} stories`,
      message: `${plural(favourites, `${named} whisper is`, `${named} whispers are`)} within ${formatDistance(DISCOVERY_RADIUS_M)}.`,
    });
  }

  const unreadCategory = categoryNotReadNearby(within);
  if (unreadCategory) {
    suggestions.push({
      type: 'recommendation',
      priority: 'low',
      title: `Something new: ${unreadCategory.category}`,
      message: `${plural(unreadCategory.count, `${unreadCategory.category} whisper`, `${unreadCategory.category} whispers`)} nearby, a kind you have not read here yet.`,
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
