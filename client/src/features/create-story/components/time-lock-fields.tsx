import { Clock } from 'lucide-react';
import { Input, Label } from '../../../components/ui/input';
import { SEASONS, WEATHERS, type Season, type TimeRestriction, type Weather } from '#common/schemas';
import type { StoryDraft } from '../lib/draft';

export const selectClass =
  'h-10 w-full rounded-lg border border-night-600 bg-night-900 px-3 text-sm text-mist-100 disabled:opacity-50';

const RESTRICTION_LABELS: Record<TimeRestriction, string> = {
  none: 'No time lock',
  time_of_day: 'Time of day',
  season: 'Season',
  weather: 'Weather',
};

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type TimeLockDraft = Pick<
  StoryDraft,
  'timeRestriction' | 'unlockStartTime' | 'unlockEndTime' | 'unlockSeason' | 'unlockWeather'
>;

/** "Time-Lock Settings (Optional)": none, a time-of-day window, a season or a weather. */
export function TimeLockFields({
  value,
  onChange,
  disabled,
}: {
  value: TimeLockDraft;
  onChange: (patch: Partial<TimeLockDraft>) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-night-600 bg-night-800/40 p-3" disabled={disabled}>
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-mist-100">
        <Clock className="h-4 w-4 text-ember-400" aria-hidden /> Time-Lock Settings (Optional)
      </legend>
      <div className="grid gap-1.5">
        <Label htmlFor="create-time-restriction">Unlock condition</Label>
        <select
          id="create-time-restriction"
          className={selectClass}
          value={value.timeRestriction}
          onChange={(e) => onChange({ timeRestriction: e.target.value as TimeRestriction })}
        >
          {(Object.keys(RESTRICTION_LABELS) as TimeRestriction[]).map((key) => (
            <option key={key} value={key}>
              {RESTRICTION_LABELS[key]}
            </option>
          ))}
        </select>
      </div>

      {value.timeRestriction === 'time_of_day' && (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="create-unlock-start">Start time</Label>
            <Input
              id="create-unlock-start"
              type="time"
              value={value.unlockStartTime}
              onChange={(e) => onChange({ unlockStartTime: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="create-unlock-end">End time</Label>
            <Input
              id="create-unlock-end"
              type="time"
              value={value.unlockEndTime}
              onChange={(e) => onChange({ unlockEndTime: e.target.value })}
            />
          </div>
          <p className="col-span-2 text-xs text-mist-400">
            Readers can open the story only between these times (local time at the story; may cross midnight).
          </p>
        </div>
      )}

      {value.timeRestriction === 'season' && (
        <div className="grid gap-1.5">
          <Label htmlFor="create-unlock-season">Season</Label>
          <select
            id="create-unlock-season"
            className={selectClass}
            value={value.unlockSeason}
            onChange={(e) => onChange({ unlockSeason: e.target.value as Season | '' })}
          >
            <option value="">Choose a season</option>
            {SEASONS.map((season) => (
              <option key={season} value={season}>
                {capitalize(season)}
              </option>
            ))}
          </select>
        </div>
      )}

      {value.timeRestriction === 'weather' && (
        <div className="grid gap-1.5">
          <Label htmlFor="create-unlock-weather">Weather</Label>
          <select
            id="create-unlock-weather"
            className={selectClass}
            value={value.unlockWeather}
            onChange={(e) => onChange({ unlockWeather: e.target.value as Weather | '' })}
          >
            <option value="">Choose the weather</option>
            {WEATHERS.map((weather) => (
              <option key={weather} value={weather}>
                {capitalize(weather)}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
