import { Clock } from 'lucide-react';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { SEASONS, TIME_RESTRICTIONS, WEATHERS, type TimeRestriction } from '#common/schemas';
import type { LockDraftValues } from '#common/lock-kinds';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useT } from '#client/lib/i18n/use-t';

const RESTRICTION_LABELS: Record<TimeRestriction, MessageId> = {
  none: 'story.lockNone',
  time_of_day: 'story.lockTimeOfDay',
  season: 'story.lockSeason',
  weather: 'story.lockWeather',
};

/** The option the select reported, checked against the list it was built from ('' when none). */
function pick<T extends string>(options: readonly T[], value: string): T | '' {
  return options.find((option) => option === value) ?? '';
}

function asRestriction(value: string): TimeRestriction {
  return TIME_RESTRICTIONS.find((option) => option === value) ?? 'none';
}

/** A story's time lock as form values ('' when not set); the create form and the edit form both hold one. */
export interface TimeLockDraft extends LockDraftValues {
  timeRestriction: TimeRestriction;
}

/**
 * "Time-Lock Settings (Optional)": none, a time-of-day window, a season or a weather. `idPrefix` keeps the
 * controls' ids apart when two forms could be on one page (create, edit).
 */
export function TimeLockFields({
  value,
  onChange,
  disabled,
  idPrefix = 'create',
}: {
  value: TimeLockDraft;
  onChange: (patch: Partial<TimeLockDraft>) => void;
  disabled?: boolean;
  idPrefix?: string;
}) {
  const t = useT();
  return (
    <fieldset className="grid gap-3 rounded-xl border border-night-600 bg-night-800/40 p-3" disabled={disabled}>
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-mist-100">
        <Clock className="h-4 w-4 text-ember-400" aria-hidden /> {t('story.lockSettings')}
      </legend>
      <FormField id={`${idPrefix}-time-restriction`} label={t('story.unlockCondition')}>
        {(field) => (
          <Select
            {...field}
            value={value.timeRestriction}
            onChange={(e) => onChange({ timeRestriction: asRestriction(e.target.value) })}
          >
            {TIME_RESTRICTIONS.map((key) => (
              <option key={key} value={key}>
                {t(RESTRICTION_LABELS[key])}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      {value.timeRestriction === 'time_of_day' && (
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${idPrefix}-unlock-start`} label={t('story.startTime')}>
            {(field) => (
              <Input
                {...field}
                type="time"
                value={value.unlockStartTime}
                onChange={(e) => onChange({ unlockStartTime: e.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${idPrefix}-unlock-end`} label={t('story.endTime')}>
            {(field) => (
              <Input
                {...field}
                type="time"
                value={value.unlockEndTime}
                onChange={(e) => onChange({ unlockEndTime: e.target.value })}
              />
            )}
          </FormField>
          <p className="col-span-2 text-xs text-mist-400">{t('story.timeWindowHint')}</p>
        </div>
      )}

      {value.timeRestriction === 'season' && (
        <FormField id={`${idPrefix}-unlock-season`} label={t('story.lockSeason')}>
          {(field) => (
            <Select
              {...field}
              value={value.unlockSeason}
              onChange={(e) => onChange({ unlockSeason: pick(SEASONS, e.target.value) })}
            >
              <option value="">{t('story.chooseSeason')}</option>
              {SEASONS.map((season) => (
                <option key={season} value={season}>
                  {t('story.seasonName', { season })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}

      {value.timeRestriction === 'weather' && (
        <FormField id={`${idPrefix}-unlock-weather`} label={t('story.lockWeather')}>
          {(field) => (
            <Select
              {...field}
              value={value.unlockWeather}
              onChange={(e) => onChange({ unlockWeather: pick(WEATHERS, e.target.value) })}
            >
              <option value="">{t('story.chooseWeather')}</option>
              {WEATHERS.map((weather) => (
                <option key={weather} value={weather}>
                  {t('story.weatherName', { weather })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </fieldset>
  );
}
