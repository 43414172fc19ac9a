import {
  chunkBits,
  chunkRow,
  CHUNK_SIZE,
  chunkOf,
  decodePostings,
  encodePostings,
  setBit,
  VideoSet,
} from './posting-list';

describe('posting lists', () => {
  it('stores a few videos as their offsets, many as a bitmap, whichever is smaller', () => {
    const few = encodePostings([7, 3, 3, 8000]);
    expect(few.length).toBe(1 + 3 * 2);
    expect(decodePostings(few)).toEqual([3, 7, 8000]);
    const many = Array.from({ length: 3000 }, (_, i) => i * 2);
    const dense = encodePostings(many);
    expect(dense.length).toBe(1 + CHUNK_SIZE / 8);
    expect(decodePostings(dense)).toEqual(many);
  });

  it('sets videos of any chunk, and ANDs sets', () => {
    const size = 2 * CHUNK_SIZE;
    const a = VideoSet.empty(size);
    a.addRow(0, encodePostings([1, 2, 3]));
    a.addRow(1, encodePostings(Array.from({ length: 600 }, (_, i) => i)));
    const b = VideoSet.empty(size);
    b.addRow(0, encodePostings([2]));
    b.addRow(1, encodePostings([5, 9999 - CHUNK_SIZE]));
    expect(a.size).toBe(603);
    a.and(b);
    expect(a.size).toBe(2);
    expect([2, CHUNK_SIZE + 5].every((n) => a.has(n))).toBe(true);
    expect(a.has(3)).toBe(false);
    expect(chunkOf(CHUNK_SIZE + 5)).toBe(1);
  });
});

describe('a posting row changed on its bitmap', () => {
  it('drops and adds offsets, and turns sparse or dense as the count crosses the bound', () => {
    const scratch = chunkBits();
    const dense = Array.from({ length: 600 }, (_, i) => i * 13);
    const bits = chunkBits(encodePostings(dense), scratch);
    expect(bits).toBe(scratch);
    for (const offset of dense.slice(10)) setBit(bits, offset, false);
    setBit(bits, 8191, true);
    const row = chunkRow(bits)!;
    expect(row.length).toBe(1 + 11 * 2);
    expect(decodePostings(row)).toEqual([...dense.slice(0, 10), 8191]);
    for (const offset of decodePostings(row)) setBit(bits, offset, false);
    expect(chunkRow(bits)).toBeNull();
    expect(decodePostings(chunkRow(chunkBits(encodePostings(dense), scratch))!)).toEqual(dense);
  });
});
