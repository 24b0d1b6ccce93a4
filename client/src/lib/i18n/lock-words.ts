/**
 * The time-lock and discovery-status sentences of common/ (time-lock-text.ts, discovery-status.ts: docs/design.md,
 * part 4) in the interface's language; English word for word as common/ says them (lock-words.test.ts). A story's
 * stored values stay the codes the API carries ("spring", "rainy"); only what the reader sees is translated.
 */
import type { DiscoveryColour, DiscoveryStatus } from '#common/discovery-status';
import { unreachable } from '#common/exhaustive';
import { timeWindowText, type TimeLockFields } from '#common/time-lock-text';
import { currentLocale } from './i18n';
import type { MessageId } from './message-ids';
import type { Translate } from './use-t';

/** The clock a time window is read on, as time-lock-text.ts `timeZoneLabel` names it, in the interface's words. */
function timeZoneName(t: Translate, timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'Etc/GMT' || timeZone === 'GMT') return 'UTC';
  const seaZone = /^Etc\/GMT([+-])(\d{1,2})$/.exec(timeZone);
  if (seaZone) return `UTC${seaZone[1] === '+' ? '-' : '+'}${seaZone[2]}`;
  const locale = currentLocale();
  try {
    const name = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && !/^GMT|^UTC|^غرينتش/.test(name)) return name;
  } catch {
    // An unknown zone: its city below.
  }
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return t('common.lock.cityTime', { city });
}

/** "Unlocks 14:00 - 16:00 (Eastern Time)", "Available in spring", "Unlocks during rainy weather"; null without one. */
export function timeLockLine(t: Translate, lock: TimeLockFields & { timeZone?: string | null }): string | null {
  switch (lock.timeRestriction) {
    case 'none':
      return null;
    case 'time_of_day': {
      const window = timeWindowText(lock);
      if (!window) return null;
      return lock.timeZone
        ? t('common.lock.windowInZone', { window, zone: timeZoneName(t, lock.timeZone) })
        : t('common.lock.window', { window });
    }
    case 'season':
      return lock.unlockSeason ? t('common.lock.season', { season: lock.unlockSeason }) : null;
    case 'weather':
      return lock.unlockWeather ? t('common.lock.weather', { weather: lock.unlockWeather }) : null;
    default:
      return unreachable(lock.timeRestriction);
  }
}

/** The discovery list's status line (common/discovery-status.ts `discoveryStatus`) in the interface's words. */
export function statusLine(
  t: Translate,
  story: TimeLockFields & { timeZone?: string | null },
  status: DiscoveryStatus,
): string {
  if (status.kind === 'available') return t('common.lock.always');
  const window = timeWindowText(story);
  if (status.kind === 'unlocked' && window) return t('common.lock.availableNow', { window });
  return timeLockLine(t, story) ?? status.text;
}

const LEGEND_IDS: Record<DiscoveryColour, MessageId> = {
  green: 'common.legend.green',
  yellow: 'common.legend.yellow',
  blue: 'common.legend.blue',
  orange: 'common.legend.orange',
};

/** What a colour of the discovery legend means (common/discovery-status.ts `DISCOVERY_STATUS_LEGEND`). */
export const legendLabel = (t: Translate, colour: DiscoveryColour): string => t(LEGEND_IDS[colour]);

/** "near Savannah, Georgia" (common/discovery-text.ts `nearPlaceText`). */
export const nearPlace = (t: Translate, placeName: string): string => t('common.nearPlace', { place: placeName });
