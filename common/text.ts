/** Text rules both sides apply (the server stores a story's word count; the client shows one for drafts). */

/** Words in a text: whitespace-separated runs that contain a letter or digit (a lone "—" is not a word). */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  return text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * Characters a display name may not hold (docs/security.md, "Hardening, third round"): controls (ESC, BEL, CR/LF…), format characters — the
 * bidirectional overrides such as U+202E that make a name read backwards, zero-width spaces and joiners, the BOM —
 * line separators, private-use and unassigned code points. Ordinary letters, marks, digits, spaces, punctuation,
 * symbols and emoji stay; the zero-width joiner only inside an emoji sequence (👩‍👩‍👧) and tag characters only in
 * a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 */
const NAME_TOKEN =
  /(\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?\u200D(?=\p{Extended_Pictographic}))|(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|([^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}])/gu;

/** A name with every character a display name may not hold left out (for names stored before the rule). */
export function safeDisplayName(name: string): string {
  return name.replace(
    NAME_TOKEN,
    (match, _joined: string | undefined, _flag: string | undefined, unsafe: string | undefined) =>
      unsafe === undefined ? match : '',
  );
}

/** Whether a display name holds a control, format (bidi override, zero-width) or other unsafe character. */
function hasUnsafeNameCharacters(name: string): boolean {
  return safeDisplayName(name) !== name;
}

/**
 * THE public-text rule (docs/decisions/033-starts-likes-and-public-text.md, "One public-text rule"): every text
 * other people see — display names, story and tour titles, descriptions, story content, bios — holds only what a
 * display name may hold. Multi-line fields (written in a text area) may also break lines (LF, CRLF) and hold
 * tabs; single-line fields (names, titles: `<title>`, og:title, list rows) may not.
 */
export type TextLines = 'single' | 'multi';

export function hasUnsafeTextCharacters(text: string, lines: TextLines): boolean {
  return hasUnsafeNameCharacters(lines === 'multi' ? text.replace(/\r\n|[\n\r\t]/g, ' ') : text);
}

export function publicTextMessage(field: string, lines: TextLines): string {
  return `${field} can only contain letters, numbers, spaces, ${lines === 'multi' ? 'line breaks, ' : ''}punctuation and emoji`;
}

/** A stored text shown on one line (a share page's `<title>`, og:title): line breaks become spaces, the rest is left out. */
export function safeSingleLine(text: string): string {
  return safeDisplayName(text.replace(/\r\n|[\n\r\t]/g, ' '));
}
