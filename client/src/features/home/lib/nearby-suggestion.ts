/**
 * The "whispers nearby" suggestion as the page's own list has it (docs/decisions/014-phone-round-2.md): the same stories the
 * map and list show — the reader's own included — and "read now" only for stories the server unlocked, so the card
 * never contradicts the page (the smart endpoint samples others' stories by distance alone).
 */
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M, UNLOCK_RADIUS_M } from '#common/constants';
import { compassDirection, formatDistance, type CompassDirection } from '#common/notifications';
import type { SmartNotification } from '#common/notification-schemas';
import type { Story } from '#common/schemas';
import type { Point } from '#common/geo';
import { currentLocale, translate } from '#client/lib/i18n/i18n';
import { formatDistanceFor } from '#client/lib/i18n/format';
import type { MessageId } from '#client/lib/i18n/message-ids';

export const DIRECTIONS: Record<CompassDirection, MessageId> = {
  north: 'home.north',
  'north-east': 'home.northEast',
  east: 'home.east',
  'south-east': 'home.southEast',
  south: 'home.south',
  'south-west': 'home.southWest',
  west: 'home.west',
  'north-west': 'home.northWest',
};

/**
 * A distance in the reader's language and units: English keeps common's form ("1.5 km", as the server says it),
 * the others Intl's ("١٫٥ كم"), so an Arabic line never reads "km 1.5".
 */
export function distanceWords(metres: number): string {
  return currentLocale() === 'en' ? formatDistance(metres) : formatDistanceFor(metres);
}

/** Null when the list is empty: the server's discovery suggestion (the nearest whisper farther away) then stands. */
export function nearbySuggestion(
  stories: readonly Story[],
  reader: Point,
  userId: string | null,
): SmartNotification | null {
  if (stories.length === 0) return null;
  const radius = distanceWords(DISCOVERY_RADIUS_M);
  const others = stories.filter((s) => s.authorId !== userId);
  if (others.length === 0) {
    const n = stories.length;
    return {
      type: 'discovery',
      priority: 'low',
      title: translate('home.onlyYoursTitle'),
      message: translate('home.onlyYoursMessage', { count: n, radius }),
    };
  }
  const readNow = others.filter(
    (s) => !s.isLocked && typeof s.distance === 'number' && s.distance <= UNLOCK_RADIUS_M,
  ).length;
  const nearestLocked = others
    .filter((s) => s.isLocked && typeof s.distance === 'number' && s.distance > UNLOCK_RADIUS_M)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))[0];
  const parts: string[] = [];
  if (readNow > 0) parts.push(translate('home.readNow', { count: readNow }));
  if (nearestLocked) {
    parts.push(
      translate('home.nearestLocked', {
        distance: distanceWords(nearestLocked.distance ?? 0),
        direction: translate(DIRECTIONS[compassDirection(reader, nearestLocked)]),
      }),
    );
  }
  const n = stories.length;
  return {
    type: 'nearby',
    priority: readNow > 0 ? 'high' : 'medium',
    title: translate(n >= DISCOVERABLE_RESULT_CAP ? 'home.nearbyCountCapped' : 'home.nearbyCount', {
      count: n,
      radius,
    }),
    message: parts.join(' '),
  };
}

/** The server's suggestions with its nearby/uncharted card replaced by the page's own, when the page has a list. */
export function agreeingSuggestions(
  fromServer: readonly SmartNotification[],
  local: SmartNotification | null,
): SmartNotification[] {
  if (!local) return [...fromServer];
  // The server's first card is its nearby or discovery card; every other one stays as it is.
  const rest = fromServer.filter((item) => item.type !== 'nearby' && item.type !== 'discovery');
  return [local, ...rest];
}
