/**
 * Names people type that GeoNames' one `name` does not carry (docs/decisions/053-walk-mode-offline.md, "Names
 * people type"). The package ships no alternative names: GeoNames names big cities in English ("Munich") and the
 * rest in their own language ("Köln"). So a search key is added for (1) the German way of typing without umlauts,
 * "ü" as "ue" ("Muenchen", "Koeln", "Zuerich"), beside the plain folding every name already has ("munchen"), and
 * (2) a short table of the other name of well-known cities, local or English ("München" for Munich, "Cologne" for
 * Köln). A unit test checks that every city of the table is in the data.
 */

/** "country/GeoNames name" → the names people also type for that place. */
export const OTHER_NAMES: Record<string, readonly string[]> = {
  'AT/Vienna': ['Wien'],
  'BE/Antwerpen': ['Antwerp', 'Anvers'],
  'BE/Brugge': ['Bruges'],
  'BE/Brussels': ['Bruxelles', 'Brussel'],
  'BE/Gent': ['Ghent', 'Gand'],
  'CH/Basel': ['Bâle', 'Basle'],
  'CH/Bern': ['Berne'],
  'CH/Genève': ['Geneva', 'Genf'],
  'CH/Luzern': ['Lucerne'],
  'CN/Beijing': ['Peking'],
  'CZ/Prague': ['Praha', 'Prag'],
  'DE/Braunschweig': ['Brunswick'],
  'DE/Hannover': ['Hanover'],
  'DE/Köln': ['Cologne'],
  'DE/Munich': ['München'],
  'DE/Nürnberg': ['Nuremberg'],
  'DK/Copenhagen': ['København'],
  'ES/Sevilla': ['Seville'],
  'GR/Athens': ['Athína', 'Athen'],
  'IT/Florence': ['Firenze', 'Florenz'],
  'IT/Genoa': ['Genova'],
  'IT/Milan': ['Milano', 'Mailand'],
  'IT/Naples': ['Napoli', 'Neapel'],
  'IT/Padova': ['Padua'],
  'IT/Rome': ['Roma', 'Rom'],
  'IT/Turin': ['Torino'],
  'IT/Venice': ['Venezia', 'Venedig'],
  'NL/The Hague': ['Den Haag', '’s-Gravenhage'],
  'PL/Kraków': ['Cracow', 'Krakau'],
  'PL/Warsaw': ['Warszawa', 'Warschau'],
  'PT/Lisbon': ['Lisboa', 'Lissabon'],
  'RO/Bucharest': ['București'],
  'RS/Belgrade': ['Beograd'],
  'RU/Moscow': ['Moskva', 'Moskau'],
  'SE/Göteborg': ['Gothenburg'],
  'UA/Kyiv': ['Kiev'],
};

/** German transliteration: "ä", "ö", "ü" typed as "ae", "oe", "ue" (the folding of marks gives "a", "o", "u"). */
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** The other spellings of a place's name that the search should also find it by (not normalised). */
export function alternativeNames(name: string, country: string): string[] {
  const names = [...(OTHER_NAMES[`${country}/${name}`] ?? [])];
  for (const each of [name, ...names]) {
    if (/[äöüÄÖÜ]/.test(each)) names.push(each.replace(/[äöüÄÖÜ]/g, (letter) => UMLAUTS[letter] ?? letter));
  }
  return names;
}
