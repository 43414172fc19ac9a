/**
 * What bringing a channel's images home costs: the built API syncs a fake channel whose image hosts serve real
 * JPEGs at YouTube's sizes (tools/fake-youtube/images.ts: maxres 1280×720 for about half the videos, else sd
 * 640×480), then fetches each video's, playlist's and the avatar's image and makes its files. Prints the time and
 * the API process's CPU until every image is ready, and the bytes stored per format and width.
 *
 *   npx tsx tools/bench/images.ts [--videos 24]    (after npx nx run api:build)
 */
import type { Playlist, Video } from '@app/contracts';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeYouTube } from '../fake-youtube/server';
import { ApiClient, startApi } from '../lib/api-process';
import { parseOptions, wholeNumber } from '../lib/args';
import { cpuMs } from '../lib/process';

const USAGE = 'npx tsx tools/bench/images.ts [--videos N]';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), { videos: { type: 'string' } }, USAGE);
  const videos = wholeNumber('videos', options.videos) ?? 24;
  const dir = mkdtempSync(join(tmpdir(), 'bench-images-'));
  const fake = await startFakeYouTube({ videos, playlists: 2, seed: 47 });
  const api = await startApi({
    SQLITE_PATH: join(dir, 'bench.sqlite'),
    SEED_DEMO_CONTENT: 'false',
    YOUTUBE_API_KEY: 'bench-key',
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_IMAGES_BASE_URL: fake.imagesBaseUrl,
    YOUTUBE_CHANNEL_ID: fake.channel.info.id,
  });
  try {
    const admin = new ApiClient(api.url);
    if ((await admin.login()).status !== 200) throw new Error('sign-in failed');
    const cpuBefore = cpuMs(api.child.pid!);
    const started = performance.now();
    const sync = await admin.request('POST', '/api/sync/youtube');
    if (sync.status !== 200) throw new Error(`sync answered ${sync.status}`);
    const synced = performance.now();
    for (;;) {
      const listed = [
        ...((await admin.request('GET', '/api/videos?limit=100')).body as Video[]),
        ...((await admin.request('GET', '/api/playlists')).body as Playlist[]),
      ];
      if (listed.filter((item) => item.thumbnail).every((item) => item.image)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = (cpuMs(api.child.pid!) - cpuBefore) / 1000;
    const images = join(dir, 'images');
    const sizes = new Map<string, number[]>();
    for (const hash of readdirSync(images)) {
      for (const file of readdirSync(join(images, hash))) {
        sizes.set(file, [...(sizes.get(file) ?? []), statSync(join(images, hash, file)).size]);
      }
    }
    const hashes = readdirSync(images).length;
    console.log(
      `${videos} videos, 2 playlists and the avatar: ${hashes} images ready ${seconds.toFixed(1)} s after the sync ` +
        `started (the sync itself ${((synced - started) / 1000).toFixed(1)} s); API CPU ${cpu.toFixed(1)} s, ` +
        `${((cpu / hashes) * 1000).toFixed(0)} ms per image`,
    );
    for (const [file, bytes] of [...sizes].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
      const mean = bytes.reduce((sum, n) => sum + n, 0) / bytes.length;
      console.log(
        `  ${file.padEnd(10)} ${String(bytes.length).padStart(3)} files, ${(mean / 1024).toFixed(1)} kB each`,
      );
    }
  } finally {
    await api.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
