/**
 * Authors' whereabouts stay private (DESIGN.md decision 12): other readers learn a story's creation date to
 * the day — midnight UTC of that date, all "Today / Yesterday / N days ago" needs — and only the author sees
 * the exact time. Combined with the public coordinates an exact time would say where someone stood when.
 */
export function createdAtFor(createdAt: Date, isAuthor: boolean): string {
  if (isAuthor) return createdAt.toISOString();
  const day = new Date(createdAt);
  day.setUTCHours(0, 0, 0, 0);
  return day.toISOString();
}
