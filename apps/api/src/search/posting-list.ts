/**
 * The videos that hold a term, as MySQL's index stores them (`search_posting`): per term, one row per chunk of
 * `CHUNK_SIZE` video numbers, each a list of the chunk's videos that hold it. A sparse list is its offsets (2 bytes
 * each); past `SPARSE_MAX` it is a bitmap of the chunk (1 KB), whichever is smaller. A set of videos in memory is a
 * bitmap over every video number (`VideoSet`), where AND and OR are byte operations.
 */

/** Video numbers per chunk (so a posting row is at most 1 KB and a change rewrites only its chunk's rows). */
export const CHUNK_SIZE = 8192;
const BITMAP_BYTES = CHUNK_SIZE / 8;
/** Beyond this many offsets (2 bytes each) the bitmap is smaller. */
const SPARSE_MAX = BITMAP_BYTES / 2 - 1;
const SPARSE = 0;
const BITMAP = 1;

export const chunkOf = (videoNo: number): number => Math.floor(videoNo / CHUNK_SIZE);

/** A chunk's row as bytes: a format byte, then the sorted offsets (uint16 LE) or the bitmap. */
export function encodePostings(offsets: Iterable<number>): Buffer {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  if (sorted.length > SPARSE_MAX) {
    const out = Buffer.alloc(1 + BITMAP_BYTES);
    out[0] = BITMAP;
    for (const offset of sorted) out[1 + (offset >> 3)] |= 1 << (offset & 7);
    return out;
  }
  const out = Buffer.alloc(1 + 2 * sorted.length);
  out[0] = SPARSE;
  sorted.forEach((offset, i) => out.writeUInt16LE(offset, 1 + 2 * i));
  return out;
}

/** A chunk's row back to its offsets. */
export function decodePostings(row: Buffer): number[] {
  const out: number[] = [];
  if (row[0] === BITMAP) {
    for (let byte = 0; byte < BITMAP_BYTES; byte++) {
      const bits = row[1 + byte];
      if (!bits) continue;
      for (let bit = 0; bit < 8; bit++) if (bits & (1 << bit)) out.push(byte * 8 + bit);
    }
    return out;
  }
  for (let i = 1; i + 1 < row.length; i += 2) out.push(row.readUInt16LE(i));
  return out;
}

/** A set of video numbers: a bitmap over all of them (byte n, bit b: video 8n + b). */
export class VideoSet {
  constructor(readonly bits: Buffer) {}

  static empty(size: number): VideoSet {
    return new VideoSet(Buffer.alloc(Math.ceil(size / 8)));
  }

  /** Adds a chunk's row. */
  addRow(chunk: number, row: Buffer): void {
    const base = chunk * CHUNK_SIZE;
    if (row[0] === BITMAP) {
      const from = base / 8;
      for (let i = 0; i < BITMAP_BYTES && from + i < this.bits.length; i++) this.bits[from + i] |= row[1 + i];
      return;
    }
    for (const offset of decodePostings(row)) this.add(base + offset);
  }

  add(videoNo: number): void {
    if (videoNo >> 3 < this.bits.length) this.bits[videoNo >> 3] |= 1 << (videoNo & 7);
  }

  has(videoNo: number): boolean {
    return ((this.bits[videoNo >> 3] ?? 0) & (1 << (videoNo & 7))) !== 0;
  }

  /** Keeps only the videos also in `other`. */
  and(other: VideoSet): this {
    for (let i = 0; i < this.bits.length; i++) this.bits[i] &= other.bits[i] ?? 0;
    return this;
  }

  /** Its video numbers, in order. */
  *members(): Generator<number> {
    for (let byte = 0; byte < this.bits.length; byte++) {
      const bits = this.bits[byte];
      if (!bits) continue;
      for (let bit = 0; bit < 8; bit++) if (bits & (1 << bit)) yield byte * 8 + bit;
    }
  }

  get size(): number {
    let count = 0;
    for (const byte of this.bits) {
      let b = byte;
      while (b) {
        b &= b - 1;
        count++;
      }
    }
    return count;
  }
}
