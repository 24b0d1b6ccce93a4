/** GET /api/tiles/tours/:id: the tiles of a tour's corridor, for saving it offline (common/offline-map.ts). */
import { z } from 'zod';

export const tourMapTilesQuerySchema = z.object({
  dense: z
    .enum(['true', 'false'], { error: 'dense must be true or false' })
    .optional()
    .describe('Tiles for a screen with more than one device pixel per CSS pixel'),
});

export const tourMapTilesSchema = z.object({
  /** False when the tile source does not allow bulk reads or the corridor is too large; `reason` says which. */
  offered: z.boolean(),
  reason: z.string().nullable(),
  /** Tile URLs on the app's own origin (/tiles/{z}/{x}/{y}.{ext}). */
  tiles: z.array(z.string()),
  /** What the tiles will take, estimated before anything is fetched. */
  estimatedBytes: z.number().int(),
});
export type TourMapTiles = z.infer<typeof tourMapTilesSchema>;
