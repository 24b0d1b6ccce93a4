/**
 * A tile address from the path `/tiles/{z}/{x}/{y}.{ext}`, checked before anything is read or fetched: whole
 * numbers (else 400), a zoom the map has and x, y inside that zoom's grid (else 404: there is no such tile).
 */
import { MAX_TILE_ZOOM } from '#common/constants';
import { badRequest, notFound } from '../../lib/http-errors';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
  extension: string;
}

const WHOLE = /^\d{1,8}$/;
const FILE = /^(\d{1,8})\.([a-z]{3,4})$/;

export function parseTileAddress(
  params: { z: string; x: string; file: string },
  options: { extensions: readonly string[]; maxZoom: number | undefined },
): TileAddress {
  const file = FILE.exec(params.file);
  if (!WHOLE.test(params.z) || !WHOLE.test(params.x) || !file) {
    throw badRequest('A tile is /tiles/{z}/{x}/{y}.png with whole numbers');
  }
  const [z, x, y] = [Number(params.z), Number(params.x), Number(file[1])];
  const extension = file[2]!;
  if (!options.extensions.includes(extension)) throw notFound(`This map's tiles end in .${options.extensions[0]}`);
  const maxZoom = Math.min(MAX_TILE_ZOOM, options.maxZoom ?? MAX_TILE_ZOOM);
  if (z > maxZoom) throw notFound(`The map has no tiles beyond zoom ${maxZoom}`);
  const side = 2 ** z;
  if (x >= side || y >= side) throw notFound(`Zoom ${z} has tiles 0 to ${side - 1} across and down`);
  return { z, x, y, extension };
}
