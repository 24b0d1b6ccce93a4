/**
 * Authors' whereabouts stay private (docs/design.md, rule 12): other readers learn a story's creation date to
 * the day — midnight UTC of that date, all "Today / Yesterday / N days ago" needs — and only the author sees
 * the exact time. Combined with the public coordinates an exact time would say where someone stood when.
 */
export function createdAtFor(createdAt: Date, isAuthor: boolean): string {
  if (isAuthor) return createdAt.toISOString();
  // Every read says this for each of its stories (up to 1,000): the day's text is made once per day.
  const day = Math.floor(createdAt.getTime() / DAY_MS);
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString();
    if (dayTexts.size < MAX_DAY_TEXTS) dayTexts.set(day, text);
  }
  return text;
}

const DAY_MS = 86_400_000;
/** Some 270 years of days: more than any store holds, and a bound all the same. */
const MAX_DAY_TEXTS = 100_000;
const dayTexts = new Map<number, string>();
