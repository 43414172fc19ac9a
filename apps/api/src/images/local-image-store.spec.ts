import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImageStore } from './local-image-store';

const HASH = '0123456789abcdef0123';

describe('LocalImageStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'images-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts, gets, replaces and removes, and a second store on the same directory (another process) reads it', async () => {
    const one = new LocalImageStore(dir);
    const other = new LocalImageStore(dir);
    await one.put(`${HASH}/320.webp`, Buffer.from('first'), 'image/webp');
    await expect(other.get(`${HASH}/320.webp`)).resolves.toEqual({
      body: Buffer.from('first'),
      contentType: 'image/webp',
    });
    await other.put(`${HASH}/320.webp`, Buffer.from('second'), 'image/webp');
    expect((await one.get(`${HASH}/320.webp`))?.body.toString()).toBe('second');
    await expect(one.get(`${HASH}/640.webp`)).resolves.toBeNull();
    await one.removeImage(HASH);
    await expect(other.get(`${HASH}/320.webp`)).resolves.toBeNull();
    await one.removeImage(HASH);
  });

  it('writes whole files only: concurrent writers of one key leave one whole body and no temporary file', async () => {
    const stores = [new LocalImageStore(dir), new LocalImageStore(dir)];
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.alloc(200_000, i));
    await Promise.all(bodies.map((body, i) => stores[i % 2].put(`${HASH}/og.jpg`, body, 'image/jpeg')));
    const stored = (await stores[0].get(`${HASH}/og.jpg`))!.body;
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
    expect(readdirSync(join(dir, HASH))).toEqual(['og.jpg']);
  });

  it('refuses a key that could point outside its directory', async () => {
    const store = new LocalImageStore(dir);
    for (const key of ['../x/og.jpg', `${HASH}/../og.jpg`, `${HASH}/a/b.jpg`, `${HASH}/.hidden`, 'og.jpg']) {
      await expect(store.get(key)).rejects.toThrow('not an image key');
    }
    await expect(store.removeImage('..')).rejects.toThrow('not an image hash');
  });
});
