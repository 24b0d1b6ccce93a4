// tz-lookup ships no types: it maps a latitude/longitude to an IANA time zone name.
declare module 'tz-lookup' {
  export default function tzLookup(latitude: number, longitude: number): string;
}
