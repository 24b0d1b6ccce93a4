/** IANA time zone of a place, from its coordinates (docs/design.md, rule 4: time locks use the story's local time). */
import tzLookup from 'tz-lookup';

export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    // tz-lookup throws only for out-of-range coordinates, which validation already refuses.
    return 'UTC';
  }
}
