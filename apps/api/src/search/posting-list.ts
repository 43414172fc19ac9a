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

/**
 * A chunk's videos as a bitmap of its `CHUNK_SIZE` offsets (bit o: offset o), from its row (or empty), written into
 * `into` when given (one scratch bitmap for many rows).
 */
export function chunkBits(row?: Buffer, into?: Buffer): Buffer {
  const bits = into ? into.fill(0) : Buffer.alloc(BITMAP_BYTES);
  if (!row) return bits;
  if (row[0] === BITMAP) row.copy(bits, 0, 1, 1 + BITMAP_BYTES);
  else for (let i = 1; i + 1 < row.length; i += 2) setBit(bits, row.readUInt16LE(i), true);
  return bits;
}

export function setBit(bits: Buffer, offset: number, on: boolean): void {
  if (on) bits[offset >> 3] |= 1 << (offset & 7);
  else bits[offset >> 3] &= ~(1 << (offset & 7));
}

/** Set bits per byte value. */
const BITS_IN = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let b = byte; b; b &= b - 1) count++;
  return count;
});

/**
 * A chunk's bitmap as its row: a format byte, then its sorted offsets (uint16 LE) or the bitmap, whichever is smaller;
 * null when it holds no video. Works on the 1 KB bitmap alone (no list of offsets), as a sync rewrites thousands.
 */
export function chunkRow(bits: Buffer): Buffer | null {
  let count = 0;
  for (let i = 0; i < BITMAP_BYTES; i++) count += BITS_IN[bits[i]];
  if (!count) return null;
  if (count > SPARSE_MAX) return Buffer.concat([Buffer.of(BITMAP), bits]);
  const out = Buffer.alloc(1 + 2 * count);
  out[0] = SPARSE;
  let at = 1;
  for (let byte = 0; byte < BITMAP_BYTES; byte++) {
    const value = bits[byte];
    if (!value) continue;
    for (let bit = 0; bit < 8; bit++) if (value & (1 << bit)) at = out.writeUInt16LE(byte * 8 + bit, at);
  }
  return out;
}

/** A chunk's row from its offsets (any order, repeats allowed). */
export function encodePostings(offsets: Iterable<number>): Buffer {
  const bits = chunkBits();
  for (const offset of offsets) setBit(bits, offset, true);
  return chunkRow(bits) ?? Buffer.of(SPARSE);
}

/** A chunk's row back to its offsets, in order. */
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
