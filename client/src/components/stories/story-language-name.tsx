import { differsFromReader, languageName } from '#common/story-language';
import { readerLanguage } from '#client/lib/stories/reader-language';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';

/**
 * A story's language by its own name ("Español"), shown only when it is not the reader's
 * (docs/decisions/061-stories-carry-their-language.md); the name itself is marked in its language.
 */
export function StoryLanguageName({ language, className }: { language: string; className?: string }) {
  const t = useT();
  if (!differsFromReader(language, readerLanguage())) return null;
  return (
    <span data-testid="story-language" className={cn('rounded-full bg-night-700 px-2 py-0.5 text-mist-100', className)}>
      <span className="sr-only">{t('story.languagePrefix')}</span>
      <span lang={language}>{languageName(language)}</span>
    </span>
  );
}
