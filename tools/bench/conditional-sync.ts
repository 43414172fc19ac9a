/**
 * Would `If-None-Match` help the sync? (issue 27). Replays the calls of one full sync (docs/youtube-sync.md,
 * "Calls and quota") against the fake YouTube API twice after a first sync that collected the ETags: plainly, as
 * the sync does, and with `If-None-Match`, on an unchanged channel and on one whose view counts moved (as every
 * real channel's do between two syncs). It reports the units the fake counted (YouTube charges every request,
 * 304 included: https://developers.google.com/youtube/v3/getting-started#quota), the 304s, the bytes received
 * and the median wall time over loopback with the given latency per call.
 *
 *   npx tsx tools/bench/conditional-sync.ts [--videos 5000] [--playlists 100] [--latency 50] [--runs 5]
 */
import { startFakeYouTube } from '../fake-youtube/server';
import { parseOptions, wholeNumber } from '../lib/args';

const KEY = 'bench-key';

interface Pass {
  units: number;
  notModified: number;
  bytes: number;
  ms: number;
}

async function main(): Promise<void> {
  const values = parseOptions(
    process.argv.slice(2),
    {
      videos: { type: 'string' },
      playlists: { type: 'string' },
      latency: { type: 'string' },
      runs: { type: 'string' },
    },
    'Usage: tsx tools/bench/conditional-sync.ts [--videos N] [--playlists M] [--latency MS] [--runs R]',
  );
  const videos = wholeNumber('videos', values.videos) ?? 5000;
  const playlists = wholeNumber('playlists', values.playlists) ?? 100;
  const latencyMs = wholeNumber('latency', values.latency) ?? 50;
  const runs = wholeNumber('runs', values.runs) ?? 5;
  const fake = await startFakeYouTube({ videos, playlists, latencyMs, apiKey: KEY });
  const etags = new Map<string, string>();

  /** One call as the sync makes it; with `conditional`, sends the ETag the last answer had. */
  async function call(
    path: string,
    conditional: boolean,
    pass: Pass,
  ): Promise<Record<string, unknown> | null> {
    const url = `${fake.url}/${path}&key=${KEY}`;
    const etag = etags.get(path);
    const res = await fetch(url, { headers: conditional && etag ? { 'If-None-Match': etag } : {} });
    const text = await res.text();
    pass.bytes += Buffer.byteLength(text);
    if (res.status === 304) {
      pass.notModified++;
      return null;
    }
    etags.set(path, res.headers.get('etag') ?? '');
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** The sync's calls (its order; pages of one list one after another, as their tokens require). */
  async function sync(conditional: boolean): Promise<Pass> {
    fake.resetStats();
    const pass: Pass = { units: 0, notModified: 0, bytes: 0, ms: 0 };
    const started = performance.now();
    const info = fake.channel.info;
    await call(`channels?part=snippet,contentDetails,statistics&id=${info.id}`, conditional, pass);
    // A 304 carries no page token: a client sending If-None-Match must keep the tokens of the pages it got
    // (here: the fake's tokens are known, and each list's length is).
    const pages = async (path: string) => {
      const count = Math.max(1, Math.ceil(total(path) / 50));
      for (let k = 0; k < count; k++) {
        const token = k ? `&pageToken=${Buffer.from(`o:${k * 50}`).toString('base64url')}` : '';
        await call(`${path}&maxResults=50${token}`, conditional, pass);
      }
    };
    const total = (path: string) =>
      path.startsWith('playlists')
        ? fake.channel.playlists.length
        : path.includes(info.uploadsPlaylistId)
          ? fake.channel.videos.length
          : (fake.channel.playlists.find((p) => path.includes(p.id))?.items.length ?? 0);
    await pages(`playlistItems?part=contentDetails&playlistId=${info.uploadsPlaylistId}`);
    for (let i = 0; i < fake.channel.videos.length; i += 50) {
      const ids = fake.channel.videos.slice(i, i + 50).map((v) => v.id);
      await call(
        `videos?part=snippet,contentDetails,statistics,liveStreamingDetails&id=${ids.join(',')}`,
        conditional,
        pass,
      );
    }
    await pages(`playlists?part=snippet,contentDetails&channelId=${info.id}`);
    for (const playlist of fake.channel.playlists) {
      if (playlist.items.length) await pages(`playlistItems?part=contentDetails&playlistId=${playlist.id}`);
    }
    pass.ms = performance.now() - started;
    pass.units = fake.stats().units;
    return pass;
  }

  const median = (passes: Pass[]) => {
    const sorted = [...passes].sort((a, b) => a.ms - b.ms);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const measure = async (conditional: boolean, moveViews: boolean) => {
    const passes: Pass[] = [];
    for (let r = 0; r < runs; r++) {
      await sync(false); // the previous sync: every ETag current
      if (moveViews) for (const video of fake.channel.videos) video.viewCount += 1 + (r % 7);
      passes.push(await sync(conditional));
    }
    return median(passes);
  };

  const rows = [
    ['unchanged channel, plain (as the sync does)', await measure(false, false)],
    ['unchanged channel, If-None-Match', await measure(true, false)],
    ['view counts moved, plain', await measure(false, true)],
    ['view counts moved, If-None-Match', await measure(true, true)],
  ] as const;
  console.log(`${videos} videos, ${playlists} playlists, ${latencyMs} ms per call, median of ${runs}`);
  console.log('| Sync | Units | 304s | Bytes received | Wall time |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, p] of rows) {
    console.log(
      `| ${name} | ${p.units} | ${p.notModified} | ${p.bytes.toLocaleString('en-US')} | ${Math.round(p.ms)} ms |`,
    );
  }
  await fake.close();
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
