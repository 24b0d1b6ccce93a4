/**
 * A small PMTiles v3 writer for tests and benchmarks, written from the format's specification
 * (github.com/protomaps/PMTiles, spec/v3/spec.md): a 127-byte header, the root directory, the JSON metadata, leaf
 * directories when the root would not fit in the first 16 KiB, then the tiles in tile-id order (clustered). Tile ids
 * come from the `pmtiles` reader's own `zxyToTileId` (the Hilbert curve numbering), so the two agree.
 */
import zlib from 'node:zlib';
import { Compression, TileType, zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile as stored (already compressed when `tileCompression` says so). */
  data: Uint8Array;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const HEADER_BYTES = 127;
/** The header and the root directory must fit in the first 16 KiB (what a reader fetches first). */
const FIRST_READ_BYTES = 16_384;

function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** A directory as the spec lays it out (ids as deltas, then run lengths, lengths, offsets), gzip-compressed. */
function serializeDirectory(entries: Entry[]): Buffer {
  const bytes: number[] = [];
  varint(entries.length, bytes);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId, bytes);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength, bytes);
  for (const entry of entries) varint(entry.length, bytes);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1, bytes);
  });
  return zlib.gzipSync(Buffer.from(bytes));
}

/** The root directory, with leaf directories of `leafSize` entries when all of them would not fit in it. */
function directories(entries: Entry[]): { root: Buffer; leaves: Buffer } {
  const root = serializeDirectory(entries);
  if (root.length <= FIRST_READ_BYTES - HEADER_BYTES) return { root, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafParts: Buffer[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serializeDirectory(entries.slice(start, start + leafSize));
      rootEntries.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    const leafRoot = serializeDirectory(rootEntries);
    if (leafRoot.length <= FIRST_READ_BYTES - HEADER_BYTES) return { root: leafRoot, leaves: Buffer.concat(leafParts) };
  }
}

export function writePmtiles(
  tiles: ArchiveTile[],
  options: {
    tileType?: TileType;
    tileCompression?: Compression;
    metadata?: Record<string, unknown>;
    /** [west, south, east, north] in degrees. */
    bounds?: [number, number, number, number];
  } = {},
): Buffer {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let dataOffset = 0;
  for (const tile of sorted) {
    entries.push({ tileId: tile.tileId, offset: dataOffset, length: tile.data.length, runLength: 1 });
    dataOffset += tile.data.length;
  }
  const { root, leaves } = directories(entries);
  const metadata = zlib.gzipSync(Buffer.from(JSON.stringify(options.metadata ?? {})));
  const zooms = sorted.map((tile) => tile.z);
  const [west, south, east, north] = options.bounds ?? [-180, -85, 180, 85];

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const tileDataOffset = leavesOffset + leaves.length;
  const u64 = [
    rootOffset,
    root.length,
    metadataOffset,
    metadata.length,
    leavesOffset,
    leaves.length,
    tileDataOffset,
    dataOffset,
    sorted.length,
    entries.length,
    sorted.length,
  ];
  u64.forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + i * 8));
  header.writeUInt8(1, 96); // clustered: tiles are in tile-id order
  header.writeUInt8(Compression.Gzip, 97); // directories and metadata
  header.writeUInt8(options.tileCompression ?? Compression.Gzip, 98);
  header.writeUInt8(options.tileType ?? TileType.Mvt, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(Math.min(...zooms), 118);
  header.writeInt32LE(e7((west + east) / 2), 119);
  header.writeInt32LE(e7((south + north) / 2), 123);
  return Buffer.concat([header, root, metadata, leaves, ...sorted.map((tile) => tile.data)]);
}
