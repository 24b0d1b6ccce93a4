/**
 * The planned place of a draft (docs/decisions/060-story-drafts-and-routes-in.md): a map to tap (loaded on
 * demand) and the same place as latitude and longitude fields, so it can be typed or pasted too.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { MapPin } from 'lucide-react';
import type { Point } from '#common/geo';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { coordinateText as coordinate, parseCoordinate } from '#client/lib/map/coordinate-text';
import { useT } from '#client/lib/i18n/use-t';

const PlacePicker = lazy(() => import('./place-picker'));

export function PlannedPlaceField({
  idPrefix,
  center,
  value,
  onChange,
  disabled,
}: {
  idPrefix: string;
  center: Point;
  value: Point | null;
  onChange: (point: Point) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [lat, setLat] = useState(value ? coordinate(value.latitude) : '');
  const [lng, setLng] = useState(value ? coordinate(value.longitude) : '');
  // A place chosen on the map shows in the fields.
  useEffect(() => {
    if (!value) return;
    setLat((typed) => (parseCoordinate(typed, 90) === value.latitude ? typed : coordinate(value.latitude)));
    setLng((typed) => (parseCoordinate(typed, 180) === value.longitude ? typed : coordinate(value.longitude)));
  }, [value]);
  const typed = (nextLat: string, nextLng: string) => {
    const latitude = parseCoordinate(nextLat, 90);
    const longitude = parseCoordinate(nextLng, 180);
    if (latitude !== null && longitude !== null) onChange({ latitude, longitude });
  };
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-mist-100">
        <MapPin className="h-4 w-4 text-ember-400" aria-hidden />
        {t('places.plannedPlace')}
      </legend>
      <p className="text-xs text-mist-300">{t('places.plannedPlaceHint')}</p>
      <Suspense fallback={<div className="h-56 w-full rounded-xl border border-night-700 bg-night-800/40" />}>
        <PlacePicker center={center} value={value} onChange={onChange} />
      </Suspense>
      <div className="grid grid-cols-2 gap-2">
        <FormField id={`${idPrefix}-latitude`} label={t('places.latitude')}>
          {(field) => (
            <Input
              {...field}
              inputMode="decimal"
              value={lat}
              dir="ltr"
              placeholder={t('places.latitudeExample', { example: '32.0835' })}
              onChange={(e) => {
                setLat(e.target.value);
                typed(e.target.value, lng);
              }}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-longitude`} label={t('places.longitude')}>
          {(field) => (
            <Input
              {...field}
              inputMode="decimal"
              value={lng}
              dir="ltr"
              placeholder={t('places.longitudeExample', { example: '-81.0998' })}
              onChange={(e) => {
                setLng(e.target.value);
                typed(lat, e.target.value);
              }}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
