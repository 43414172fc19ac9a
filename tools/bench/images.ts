/**
 * What bringing a channel's images home costs: the built API syncs a fake channel whose image hosts serve real
 * JPEGs at YouTube's sizes (tools/fake-youtube/images.ts: maxres 1280×720 for about half the videos, else sd
 * 640×480), then fetches each video's, playlist's and the avatar's image and stores its source. Prints the time and
 * the API process's CPU until every image is ready; then asks every file of every image once (each is made on that
 * first request) and prints what that cost, per format and width, with the bytes of each.
 *
 *   npx tsx tools/bench/images.ts [--videos 24]    (after npx nx run api:build)
 */
import { IMAGE_FORMATS, type Playlist, type Video } from '@app/contracts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
    const hashes = readdirSync(join(dir, 'images'));
    console.log(
      `${videos} videos, 2 playlists and the avatar: ${hashes.length} images ready ${seconds.toFixed(1)} s after ` +
        `the sync started (the sync itself ${((synced - started) / 1000).toFixed(1)} s); API CPU ${cpu.toFixed(1)} s, ` +
        `${((cpu / hashes.length) * 1000).toFixed(0)} ms per image (fetch, decode, store the source)`,
    );
    // Each file's first request makes it: its time, the API's CPU for it and its bytes, per name.
    const made = new Map<string, { ms: number[]; bytes: number[] }>();
    for (const hash of hashes) {
      for (const file of ['320', '640', '1280']
        .flatMap((w) => IMAGE_FORMATS.map((f) => `${w}.${f}`))
        .concat('og.jpg')) {
        const cpuAt = cpuMs(api.child.pid!);
        const res = await fetch(`${api.url}/images/${hash}/${file}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status === 404) continue; // a width the source does not reach
        if (res.status !== 200) throw new Error(`/images/${hash}/${file} answered ${res.status}`);
        const entry = made.get(file) ?? { ms: [], bytes: [] };
        entry.ms.push(cpuMs(api.child.pid!) - cpuAt);
        entry.bytes.push(body.length);
        made.set(file, entry);
      }
    }
    const mean = (ns: number[]) => ns.reduce((sum, n) => sum + n, 0) / ns.length;
    console.log('first request of each file (made then), API CPU and bytes:');
    for (const [file, { ms, bytes }] of [...made].sort(([a], [b]) =>
      a.localeCompare(b, 'en', { numeric: true }),
    )) {
      console.log(
        `  ${file.padEnd(10)} ${String(bytes.length).padStart(3)} files, ${mean(ms).toFixed(0)} ms CPU, ` +
          `${(mean(bytes) / 1024).toFixed(1)} kB each`,
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
