/** Text rules both sides apply (the server stores a story's word count; the client shows one for drafts). */

/** Words in a text: whitespace-separated runs that contain a letter or digit (a lone "—" is not a word). */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  return text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
