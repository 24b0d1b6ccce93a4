/** Small text rules of the discovery screens (docs/design.md, part 2), shared so tests and both screens agree. */
import { DEFAULT_CENTER } from './constants';

/**
 * The first `max` characters of a text, with "..." when cut, or `fallback` when there is no text (a locked story
 * arrives without content: the preview then shows the fallback, never anything the server withheld).
 */
export function previewText(text: string | null | undefined, max: number, fallback: string): string {
  const trimmed = text?.trim();
  if (!trimmed) return fallback;
  return trimmed.length > max ? `${trimmed.slice(0, max).trimEnd()}...` : trimmed;
}

/** The default centre rounded as the list shows coordinates (4 decimals, about 11 m). */
const round4 = (value: number) => value.toFixed(4);
const SAVANNAH_KEY = `${round4(DEFAULT_CENTER.latitude)},${round4(DEFAULT_CENTER.longitude)}`;

/** "32.0835, -81.0998", except the known Savannah coordinate, which reads "Historic Savannah District". */
export function coordinatesLabel(latitude: number, longitude: number): string {
  if (`${round4(latitude)},${round4(longitude)}` === SAVANNAH_KEY) return 'Historic Savannah District';
  return `${round4(latitude)}, ${round4(longitude)}`;
}

/** An external maps search for a place (spec: "Navigate" opens it in a new tab). */
export function navigateUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * How a story's or tour's place is said on cards and pages: "near Savannah, Georgia" (its `placeName`, the
 * populated place nearest its published position, docs/decisions/040-offline-gazetteer.md).
 */
export function nearPlaceText(placeName: string): string {
  return `near ${placeName}`;
}
