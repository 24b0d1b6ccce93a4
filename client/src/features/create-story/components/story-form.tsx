import { Tabs } from 'radix-ui';
import { MapPin, ShieldCheck } from 'lucide-react';
import { FormField } from '#client/components/ui/form-field';
import { Input, Textarea } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { CATEGORIES, categoryEmoji } from '#common/categories';
import { languageOptions } from '#common/story-language';
import { LIMITS } from '#common/constants';
import type { StoryType } from '#common/schemas';
import type { Point } from '#common/geo';
import { cn } from '#client/lib/utils';
import { formatCoordinate, type StoryDraft } from '../lib/draft';
import { STORY_TYPE_TABS } from '../lib/story-types';
import { MEDIA_DRAFT_VIEWS } from './media-drafts';
import { MEDIA_KINDS } from '#common/enums';
import { TikTokUrlField } from './tiktok-url-field';
import { TimeLockFields } from '#client/components/stories/time-lock-fields';
import { VisibilityField } from '#client/components/stories/visibility-field';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';

/** The edit step: type tabs, the shared fields, the content of the chosen type, time lock and notes. */
export function StoryForm({
  draft,
  location,
  disabled,
  onChange,
  onTypeChange,
  placeNote,
}: {
  draft: StoryDraft;
  location: Point | null;
  disabled: boolean;
  onChange: (patch: Partial<StoryDraft>) => void;
  onTypeChange: (type: StoryType) => void;
  /** Replaces the "placed at your current location" line (a planned story is placed where it was planned). */
  placeNote?: string;
}) {
  const t = useT();
  return (
    <Tabs.Root
      value={draft.type}
      onValueChange={(value) => {
        const tab = STORY_TYPE_TABS.find((option) => option.type === value);
        if (tab) onTypeChange(tab.type);
      }}
      className="grid gap-4"
    >
      <Tabs.List aria-label={t('create.storyType')} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {STORY_TYPE_TABS.map(({ type, label, subtitle, icon: Icon }) => (
          <Tabs.Trigger
            key={type}
            value={type}
            disabled={disabled}
            className={cn(
              'grid justify-items-center gap-0.5 rounded-xl border border-night-600 bg-night-800/60 px-1.5 py-2 text-center transition-colors',
              'hover:border-glow-400 data-[state=active]:border-glow-400 data-[state=active]:bg-glow-600/25 disabled:opacity-50',
            )}
          >
            <Icon className="h-5 w-5 text-glow-300" aria-hidden />
            <span className="text-xs font-semibold text-mist-100">{t(label)}</span>
            <span className="text-[11px] leading-tight text-mist-400">{t(subtitle)}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <FormField id="create-title" label={t('create.storyTitle')}>
        {(field) => (
          <Input
            {...field}
            value={draft.title}
            lang={draft.language}
            maxLength={LIMITS.titleMax}
            placeholder={t('create.titlePlaceholder')}
            onChange={(e) => onChange({ title: e.target.value })}
            disabled={disabled}
            required
          />
        )}
      </FormField>

      <FormField id="create-category" label={t('create.category')}>
        {(field) => (
          <Select
            {...field}
            value={draft.category}
            onChange={(e) => onChange({ category: e.target.value })}
            disabled={disabled}
            required
          >
            <option value="" disabled>
              {t('create.selectCategory')}
            </option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryEmoji(category)} {categoryName(t, category)}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      {/* docs/decisions/061-stories-carry-their-language.md: the language the story is written in. */}
      <FormField id="create-language" label={t('create.language')}>
        {(field) => (
          <Select
            {...field}
            value={draft.language}
            onChange={(e) => onChange({ language: e.target.value })}
            disabled={disabled}
          >
            {languageOptions(draft.language).map(({ value, label }) => (
              <option key={value} value={value} lang={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <FormField id="create-description" label={t('create.descriptionLabel')}>
        {(field) => (
          <Textarea
            {...field}
            className="min-h-16"
            value={draft.description}
            lang={draft.language}
            maxLength={LIMITS.descriptionMax}
            placeholder={t('create.descriptionPlaceholder')}
            onChange={(e) => onChange({ description: e.target.value })}
            disabled={disabled}
          />
        )}
      </FormField>

      {/* A media story type is named as its kind (common/media-kinds.ts). */}
      {MEDIA_KINDS.map((kind) => (
        <Tabs.Content key={kind} value={kind} className="grid gap-1.5">
          {MEDIA_DRAFT_VIEWS[kind].picker(draft, onChange, disabled)}
        </Tabs.Content>
      ))}
      <Tabs.Content value="text">
        <FormField id="create-content" label={t('create.yourStory')}>
          {(field) => (
            <Textarea
              {...field}
              className="min-h-40"
              value={draft.content}
              lang={draft.language}
              maxLength={LIMITS.contentMax}
              placeholder={t('create.contentPlaceholder')}
              onChange={(e) => onChange({ content: e.target.value })}
              disabled={disabled}
            />
          )}
        </FormField>
      </Tabs.Content>
      <Tabs.Content value="tiktok">
        <TikTokUrlField value={draft.tiktokUrl} onChange={(tiktokUrl) => onChange({ tiktokUrl })} disabled={disabled} />
      </Tabs.Content>

      <TimeLockFields value={draft} onChange={onChange} disabled={disabled} />
      <VisibilityField isPublic={draft.isPublic} onChange={(isPublic) => onChange({ isPublic })} disabled={disabled} />

      <div className="grid gap-2 rounded-xl bg-night-800/40 p-3 text-xs text-mist-300">
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-glow-300" aria-hidden />
          {placeNote ??
            (location
              ? t('create.placedAtLocation', {
                  latitude: formatCoordinate(location.latitude),
                  longitude: formatCoordinate(location.longitude),
                })
              : t('create.placedLocationUnknown'))}
        </p>
        <p className="flex items-start gap-2">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-300" aria-hidden />
          {t('create.moderationNote')}
        </p>
      </div>
    </Tabs.Root>
  );
}
