import type { Page, Request } from '@playwright/test';

/** Hosts the page must not contact before a click. */
export const YOUTUBE_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|googlevideo\.com)$/;

/** Every request to a YouTube host, from now on. */
export function recordYouTubeRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (YOUTUBE_HOSTS.test(new URL(req.url()).hostname)) seen.push(req);
  });
  return seen;
}

/**
 * Answers the embed URL with a stand-in player (the network is closed here) that records the
 * iframe API commands it receives in `window.__received` of the page, via postMessage back: `pauseVideo`,
 * `playVideo`, and a command with arguments with them, as `seekTo(90,true)`. The page's `listening` message
 * (sent once the player loaded) counts in `window.__listening`. Like YouTube's player, it reports its time
 * (`infoDelivery` with `currentTime`, no duration): its `start=` once the page listens, a second of a `seekTo`.
 */
export async function stubYouTubePlayer(page: Page): Promise<void> {
  await page.route('https://www.youtube-nocookie.com/embed/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>player</title><body style="background:#000;color:#fff">stub player
<script>
window.addEventListener('message', function (e) {
  var data; try { data = JSON.parse(e.data); } catch (_) { return; }
  var time = function (seconds) {
    parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: seconds } }), '*');
  };
  if (data.event === 'listening') {
    parent.postMessage(JSON.stringify({ stub: true, listening: true }), '*');
    time(Number(new URLSearchParams(location.search).get('start') || 0));
  }
  if (data.event === 'command') {
    var args = data.args && data.args.length ? '(' + data.args.join(',') + ')' : '';
    parent.postMessage(JSON.stringify({ stub: true, func: data.func + args }), '*');
    if (data.func === 'seekTo') time(Number(data.args[0]));
    var state = data.func === 'pauseVideo' ? 2 : data.func === 'playVideo' ? 1 : undefined;
    if (state) parent.postMessage(JSON.stringify({ event: 'onStateChange', info: state }), '*');
  }
});
</script></body>`,
    }),
  );
  await page.addInitScript(() => {
    const received: string[] = [];
    Object.assign(window, { __received: received, __listening: 0 });
    window.addEventListener('message', (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { stub?: boolean; func?: string; listening?: boolean };
        if (data.stub && data.func) received.push(data.func);
        if (data.stub && data.listening) (window as unknown as { __listening: number }).__listening++;
      } catch {
        // not ours
      }
    });
  });
}

export async function receivedCommands(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __received: string[] }).__received);
}

/** How many players told the stub they listen: each loaded player sends it once. */
export async function listeningPlayers(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __listening: number }).__listening);
}
