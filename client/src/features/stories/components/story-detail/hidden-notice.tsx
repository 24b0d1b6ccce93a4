import { Link } from 'wouter';
import type { StoryModeration } from '#common/moderation-schemas';
import { paths } from '#client/config/paths';
import { hiddenNoticeText, moderatorNoteText } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';

/**
 * The author's own hidden story: why (the reason, by whom), the moderator's note, and the way to appeal (the
 * decision's appeal form in My Stories). Only the author's answer carries `moderation`.
 */
export function HiddenNotice({ moderation }: { moderation: StoryModeration }) {
  const t = useT();
  return (
    <section
      aria-label={t('story.hidden')}
      className="grid gap-2 rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
    >
      <p className="font-semibold">{hiddenNoticeText(t, moderation)}</p>
      <p>{t('story.hiddenOnlyYou')}</p>
      {moderation.note && <p className="whitespace-pre-line">{moderatorNoteText(t, moderation.note)}</p>}
      <Link
        href={`${paths.myStories}#decision-${moderation.decisionId}`}
        className="w-fit rounded-md border border-amber-300/60 px-3 py-1.5 font-medium text-amber-50 hover:bg-amber-400/20"
      >
        {t('story.appeal')}
      </Link>
    </section>
  );
}
