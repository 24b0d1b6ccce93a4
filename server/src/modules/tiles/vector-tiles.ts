/**
 * Vector tiles from a PMTiles v3 archive (`MAP_ARCHIVE`; docs/decisions/038-vector-basemap-from-an-archive.md): no
 * tile server at all. The reader keeps the archive's header and directories (its own cache), so a tile is one range
 * read; a tile stored gzip-compressed is sent as it is stored, with `Content-Encoding: gzip`.
 */
import zlib from 'node:zlib';
import { Compression, PMTiles, SharedPromiseCache, TileType, type Source } from 'pmtiles';
import { etagOf } from './raster-tiles';
import type { TileSource } from './tile-source';

/** Directories kept: the root and enough leaves for a country's archive. */
const DIRECTORY_CACHE_ENTRIES = 512;

const VECTOR_TILE_TYPE = 'application/vnd.mapbox-vector-tile';

interface VectorTiles extends TileSource {
  /** The archive's zoom range and bounds, read at start. */
  header: { minZoom: number; maxZoom: number; bounds: [number, number, number, number] };
}

export async function openVectorTiles(source: Source): Promise<VectorTiles> {
  // The tile data's byte range, once the header is read: the reader's reads inside it are tiles, which are
  // served compressed as stored; everything else (directories) is decompressed for the reader.
  let tileData = { start: Infinity, end: Infinity };
  const tileBuffers = new WeakSet<ArrayBuffer>();
  const watched: Source = {
    getKey: () => source.getKey(),
    async getBytes(offset, length, signal, etag) {
      const response = await source.getBytes(offset, length, signal, etag);
      if (offset >= tileData.start && offset < tileData.end) tileBuffers.add(response.data);
      return response;
    },
  };
  const decompress = async (data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> => {
    if (tileBuffers.has(data) || compression === Compression.None || compression === Compression.Unknown) return data;
    if (compression !== Compression.Gzip)
      throw new Error(`MAP_ARCHIVE: compression ${Compression[compression]} is not supported (use gzip)`);
    const out = zlib.gunzipSync(new Uint8Array(data));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
  };
  const archive = new PMTiles(watched, new SharedPromiseCache(DIRECTORY_CACHE_ENTRIES), decompress);
  const header = await archive.getHeader();
  if (header.tileType !== TileType.Mvt) throw new Error('MAP_ARCHIVE must hold vector tiles (MVT)');
  tileData = { start: header.tileDataOffset, end: header.tileDataOffset + (header.tileDataLength ?? Infinity) };
  const gzipped = header.tileCompression === Compression.Gzip;
  if (!gzipped && header.tileCompression !== Compression.None)
    throw new Error('MAP_ARCHIVE tiles must be gzip-compressed or not compressed');

  return {
    kind: 'vector',
    extensions: ['mvt', 'pbf'],
    maxZoom: header.maxZoom,
    header: {
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    },
    async tile(z, x, y) {
      const found = await archive.getZxy(z, x, y);
      if (!found || found.data.byteLength === 0) return { kind: 'missing' };
      const bytes = Buffer.from(found.data);
      return {
        kind: 'tile',
        tile: {
          bytes,
          contentType: VECTOR_TILE_TYPE,
          etag: etagOf(bytes),
          ...(gzipped ? { contentEncoding: 'gzip' } : {}),
        },
      };
    },
  };
}
