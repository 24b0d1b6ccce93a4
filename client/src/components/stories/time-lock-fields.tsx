import { Clock } from 'lucide-react';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { SEASONS, TIME_RESTRICTIONS, WEATHERS, type TimeRestriction } from '#common/schemas';
import type { LockDraftValues } from '#common/lock-kinds';

const RESTRICTION_LABELS: Record<TimeRestriction, string> = {
  none: 'No time lock',
  time_of_day: 'Time of day',
  season: 'Season',
  weather: 'Weather',
};

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

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
  return (
    <fieldset className="grid gap-3 rounded-xl border border-night-600 bg-night-800/40 p-3" disabled={disabled}>
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-mist-100">
        <Clock className="h-4 w-4 text-ember-400" aria-hidden /> Time-Lock Settings (Optional)
      </legend>
      <FormField id={`${idPrefix}-time-restriction`} label="Unlock condition">
        {(field) => (
          <Select
            {...field}
            value={value.timeRestriction}
            onChange={(e) => onChange({ timeRestriction: asRestriction(e.target.value) })}
          >
            {TIME_RESTRICTIONS.map((key) => (
              <option key={key} value={key}>
                {RESTRICTION_LABELS[key]}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      {value.timeRestriction === 'time_of_day' && (
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${idPrefix}-unlock-start`} label="Start time">
            {(field) => (
              <Input
                {...field}
                type="time"
                value={value.unlockStartTime}
                onChange={(e) => onChange({ unlockStartTime: e.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${idPrefix}-unlock-end`} label="End time">
            {(field) => (
              <Input
                {...field}
                type="time"
                value={value.unlockEndTime}
                onChange={(e) => onChange({ unlockEndTime: e.target.value })}
              />
            )}
          </FormField>
          <p className="col-span-2 text-xs text-mist-400">
            Readers can open the story only between these times (local time at the story; may cross midnight).
          </p>
        </div>
      )}

      {value.timeRestriction === 'season' && (
        <FormField id={`${idPrefix}-unlock-season`} label="Season">
          {(field) => (
            <Select
              {...field}
              value={value.unlockSeason}
              onChange={(e) => onChange({ unlockSeason: pick(SEASONS, e.target.value) })}
            >
              <option value="">Choose a season</option>
              {SEASONS.map((season) => (
                <option key={season} value={season}>
                  {capitalize(season)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}

      {value.timeRestriction === 'weather' && (
        <FormField id={`${idPrefix}-unlock-weather`} label="Weather">
          {(field) => (
            <Select
              {...field}
              value={value.unlockWeather}
              onChange={(e) => onChange({ unlockWeather: pick(WEATHERS, e.target.value) })}
            >
              <option value="">Choose the weather</option>
              {WEATHERS.map((weather) => (
                <option key={weather} value={weather}>
                  {capitalize(weather)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </fieldset>
  );
}
