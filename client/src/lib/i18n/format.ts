import { formatDistanceMetres } from '#common/format-distance';
import { currentLocale } from './i18n';

/**
 * Numbers, dates and distances in the reader's language (docs/decisions/062-interface-languages.md), by `Intl`.
 * English keeps the spec's own forms ("350m", "1.2km"); the other languages write theirs ("1,2 km", "١٫٢ كم").
 */
export type DistanceUnits = 'km' | 'mi';

const UNITS_KEY = 'whispers.units';
const FEET_PER_METRE = 3.280_84;
const METRES_PER_MILE = 1609.344;

/** The choice when storage is refused (private mode): it lasts until the page closes. */
let unitsInMemory: DistanceUnits | null = null;

/** The reader's distance units: kilometres (the spec's) unless they chose miles. */
export function distanceUnits(): DistanceUnits {
  try {
    return localStorage.getItem(UNITS_KEY) === 'mi' ? 'mi' : 'km';
  } catch {
    return unitsInMemory ?? 'km';
  }
}

const unitsListeners = new Set<() => void>();

/** The account menu's choice, remembered on this device; every translated component renders again (useT). */
export function setDistanceUnits(units: DistanceUnits): void {
  try {
    localStorage.setItem(UNITS_KEY, units);
  } catch {
    unitsInMemory = units;
  }
  for (const listener of unitsListeners) listener();
}

export function subscribeToDistanceUnits(listener: () => void): () => void {
  unitsListeners.add(listener);
  return () => unitsListeners.delete(listener);
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}

export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(currentLocale(), options).format(new Date(value));
}

const unit = (value: number, name: string, fractionDigits: number) =>
  formatNumber(value, {
    style: 'unit',
    unit: name,
    unitDisplay: 'short',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });

/**
 * A distance as readers see it: under 1 km in whole metres, else kilometres with one decimal (a distance that rounds
 * to 1000 m is "1.0km"); in miles, under a tenth of a mile in feet (to the nearest 10), else miles with one decimal.
 */
export function formatDistanceFor(metres: number, units: DistanceUnits = distanceUnits()): string {
  const locale = currentLocale();
  if (units === 'mi') {
    if (metres < METRES_PER_MILE / 10) {
      const feet = Math.max(0, Math.round((metres * FEET_PER_METRE) / 10) * 10);
      return locale === 'en' ? `${feet} ft` : unit(feet, 'foot', 0);
    }
    const miles = metres / METRES_PER_MILE;
    return locale === 'en' ? `${miles.toFixed(1)} mi` : unit(miles, 'mile', 1);
  }
  if (locale === 'en') return formatDistanceMetres(metres);
  const rounded = Math.round(metres);
  return rounded < 1000 ? unit(Math.max(0, rounded), 'meter', 0) : unit(metres / 1000, 'kilometer', 1);
}
