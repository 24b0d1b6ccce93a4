import { BookOpen, Clapperboard, ImageIcon, Mic, Video } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { LIMITS } from '#common/constants';
import { FormField } from '#client/components/ui/form-field';
import { FieldError, Input, Textarea } from '#client/components/ui/input';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import {
  favoriteEffect,
  STORY_TYPE_CHOICES,
  type FavoriteStoryType,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../lib/profile-validation';

/** "Blocked" submit buttons stay focusable (aria-disabled), so a click can still reveal what is missing. */
export const blockedClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** What every profile field needs from the form that owns the values (wizard or edit mode). */
export interface ProfileFieldProps {
  values: ProfileValues;
  /** Only the errors the person should see now (touched fields). */
  errors: ProfileErrors;
  onChange: (field: ProfileField, value: string) => void;
  onBlur: (field: ProfileField) => void;
  /** Prefix for element ids, so two forms never share one. */
  idPrefix: string;
}

function TextField({
  field,
  label,
  hint,
  props,
  autoComplete,
  autoFocus,
}: {
  field: 'username' | 'displayName';
  label: string;
  hint?: ReactNode;
  props: ProfileFieldProps;
  autoComplete: string;
  autoFocus?: boolean;
}) {
  const id = `${props.idPrefix}-${field}`;
  const error = props.errors[field];
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          name={field}
          autoComplete={autoComplete}
          autoCapitalize={field === 'username' ? 'none' : undefined}
          spellCheck={field === 'username' ? false : undefined}
          autoFocus={autoFocus}
          value={props.values[field]}
          onChange={(e) => props.onChange(field, e.target.value)}
          onBlur={() => props.onBlur(field)}
          className={error ? 'border-red-400' : undefined}
        />
      )}
    </FormField>
  );
}

export function UsernameField({ props, autoFocus }: { props: ProfileFieldProps; autoFocus?: boolean }) {
  const t = useT();
  return (
    <TextField
      field="username"
      label={t('auth.username')}
      hint={t('auth.usernameHint', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })}
      autoComplete="username"
      autoFocus={autoFocus}
      props={props}
    />
  );
}

export function DisplayNameField({ props }: { props: ProfileFieldProps }) {
  const t = useT();
  return (
    <TextField
      field="displayName"
      label={t('auth.displayName')}
      hint={t('auth.displayNameHint')}
      autoComplete="nickname"
      props={props}
    />
  );
}

export function BioField({ props, autoFocus }: { props: ProfileFieldProps; autoFocus?: boolean }) {
  const t = useT();
  const id = `${props.idPrefix}-bio`;
  const error = props.errors.bio;
  const length = props.values.bio.trim().length;
  return (
    <FormField
      id={id}
      label={
        <>
          {t('auth.bio')} <span className="font-normal text-mist-400">{t('auth.optional')}</span>
        </>
      }
      aside={
        <span
          id={`${id}-count`}
          className={cn('text-xs tabular-nums', length > LIMITS.bioMax ? 'text-red-300' : 'text-mist-400')}
        >
          {length}/{LIMITS.bioMax}
        </span>
      }
      describedBy={`${id}-count`}
      error={error}
    >
      {(control) => (
        <Textarea
          {...control}
          name="bio"
          rows={4}
          autoFocus={autoFocus}
          placeholder={t('auth.bioPlaceholder')}
          value={props.values.bio}
          onChange={(e) => props.onChange('bio', e.target.value)}
          onBlur={() => props.onBlur('bio')}
          className={error ? 'border-red-400' : undefined}
        />
      )}
    </FormField>
  );
}

const typeIcons: Record<FavoriteStoryType, typeof Mic> = {
  audio: Mic,
  text: BookOpen,
  image: ImageIcon,
  video: Video,
  tiktok: Clapperboard,
};

/**
 * The optional preferred story type: audio "Audio Stories", text "Written Stories", image "Visual Stories", then
 * video and TikTok; each choice says what it changes (favoriteEffect).
 */
export function StoryTypeChoice({ props, labelledBy }: { props: ProfileFieldProps; labelledBy: string }) {
  const t = useT();
  const value = props.values.favoriteStoryType;
  return (
    <div className="grid gap-3">
      <p id={`${props.idPrefix}-favorite-effect`} className="text-sm text-mist-300">
        {favoriteEffect()}
      </p>
      <RadioGroup.Root
        aria-labelledby={labelledBy}
        aria-describedby={`${props.idPrefix}-favorite-effect`}
        value={value}
        onValueChange={(next) => props.onChange('favoriteStoryType', next)}
        className="grid gap-3 sm:grid-cols-2"
      >
        {STORY_TYPE_CHOICES.map((choice) => {
          const Icon = typeIcons[choice.value];
          return (
            <RadioGroup.Item
              key={choice.value}
              value={choice.value}
              className="group flex items-start gap-3 rounded-xl border border-night-600 bg-night-900 p-4 text-start transition-colors hover:border-glow-400 data-[state=checked]:border-glow-400 data-[state=checked]:bg-glow-600/15 sm:flex-col"
            >
              <span className="rounded-lg bg-night-700 p-2 text-glow-300 group-data-[state=checked]:bg-glow-600 group-data-[state=checked]:text-white">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium text-mist-100">{choice.label}</span>
                <span className="text-sm text-mist-400">{choice.blurb}</span>
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {value && (
        <button
          type="button"
          onClick={() => props.onChange('favoriteStoryType', '')}
          className="w-fit rounded-md text-sm text-glow-300 underline-offset-4 hover:underline"
        >
          {t('auth.noPreference')}
        </button>
      )}
      <FieldError>{props.errors.favoriteStoryType}</FieldError>
    </div>
  );
}
