/**
 * A place in the contract: latitude and longitude as sent in a path, a query string, a form or JSON, and the
 * reader's GPS accuracy. Re-exported by schemas.ts.
 */
import { z } from 'zod';

/**
 * A coordinate closer to zero than 1e-9° (0.1 mm) is zero: PostgreSQL raises "value out of range: underflow" when
 * its float arithmetic meets a subnormal number such as 5e-324, which `Number()` happily parses (docs/security.md, "Threat model").
 */
const COORDINATE_RESOLUTION_DEGREES = 1e-9;
const flushTinyToZero = (degrees: number) => (Math.abs(degrees) < COORDINATE_RESOLUTION_DEGREES ? 0 : degrees);

/**
 * Blank text is no number: `z.coerce.number()` alone reads `''` as 0, so `?lat=&lng=` claimed the point (0, 0)
 * and `accuracy=` a perfect fix (docs/security.md, "Hardening, third round"). As NaN it is refused with the field's own message.
 */
const blankIsNaN = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value);
/** A number sent as text (path, query string, form field) or as a JSON number; never blank. */
const numberInput = (message: string) => z.preprocess(blankIsNaN, z.coerce.number({ error: message }));

export const latitudeSchema = numberInput('Latitude must be a number')
  .refine(Number.isFinite, 'Latitude must be a number')
  .refine((v) => v >= -90 && v <= 90, 'Latitude must be between -90 and 90')
  .transform(flushTinyToZero);
export const longitudeSchema = numberInput('Longitude must be a number')
  .refine(Number.isFinite, 'Longitude must be a number')
  .refine((v) => v >= -180 && v <= 180, 'Longitude must be between -180 and 180')
  .transform(flushTinyToZero);
/** Path parameters of the location-based reads: /api/stories/discoverable/:lat/:lng etc. */
export const latLngParamsSchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });

/**
 * The optional `accuracy` query parameter of the discoverable, map and story reads (docs/design.md, rule 11): the
 * Geolocation fix's accuracy radius in metres. A fix less accurate than 100 m never unlocks
 * (`lockReason: "accuracy"`); a read without it is judged by the other rules alone.
 */
export const accuracyQuerySchema = z.object({
  accuracy: z
    .preprocess(
      blankIsNaN,
      z.coerce
        .number({ error: 'accuracy must be a number of metres' })
        .min(0, 'accuracy must be a number of metres')
        .max(10_000_000, 'accuracy must be a number of metres'),
    )
    .optional()
    .describe("The reader's GPS accuracy in metres (the Geolocation fix's `accuracy`); over 100 m nothing unlocks."),
});
