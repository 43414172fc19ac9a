/**
 * The fake channel's public Atom feed (issue 24), as YouTube serves it at
 * `/feeds/videos.xml?channel_id=UC…`: the newest 15 uploads, each with `yt:videoId`, `yt:channelId`, the
 * alternate link (`/shorts/{id}` for a Short), `published`/`updated` and a `media:group` (title, thumbnail
 * 480×360 on `i1.ytimg.com`, description, `media:community` with `media:starRating` and `media:statistics
 * views`). No durations and no playlists, as in YouTube's. An unknown channel answers 404, like YouTube.
 * Built from the same FakeChannel as the Data API answers, so one fake serves both modes.
 */
import type { FakeVideo } from '@app/contracts/fake-youtube';
import { escapeHtml } from '@app/contracts/html';
import {
  channelUrl,
  FEED_ENTRY_COUNT,
  FEED_NAMESPACES,
  feedUrl,
  shortsUrl,
  watchUrl,
} from '@app/contracts/youtube';
import type { FakeChannel } from './channel';

export const FEED_PATH = '/feeds/videos.xml';

/** A Short, by the rule the sync's mapper uses for the Data API: up to 60 s (the fake's Shorts are short). */
const isShort = (video: FakeVideo) => /^PT(?:[1-5]?\d|60)S$/.test(video.duration);

/** YouTube writes `+00:00` where JavaScript writes `.000Z`. */
const atomDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');

function entry(video: FakeVideo, channel: FakeChannel): string {
  const { info } = channel;
  const x = escapeHtml;
  const link = isShort(video) ? shortsUrl(video.id) : watchUrl(video.id);
  return ` <entry>
  <id>yt:video:${x(video.id)}</id>
  <yt:videoId>${x(video.id)}</yt:videoId>
  <yt:channelId>${x(info.id)}</yt:channelId>
  <title>${x(video.title)}</title>
  <link rel="alternate" href="${x(link)}"/>
  <author>
   <name>${x(info.title)}</name>
   <uri>${x(channelUrl(info.id))}</uri>
  </author>
  <published>${atomDate(video.publishedAt)}</published>
  <updated>${atomDate(video.publishedAt)}</updated>
  <media:group>
   <media:title>${x(video.title)}</media:title>
   <media:thumbnail url="https://i1.ytimg.com/vi/${x(video.id)}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${x(video.description)}</media:description>
   <media:community>
    <media:starRating count="${video.likeCount ?? 0}" average="5.00" min="1" max="5"/>
    <media:statistics views="${video.viewCount}"/>
   </media:community>
  </media:group>
 </entry>`;
}

/** The feed's XML for `channelId`, or null when the fake has no such channel (YouTube answers 404 then). */
export function channelFeed(channel: FakeChannel, channelId: string | null): string | null {
  const { info } = channel;
  if (channelId !== info.id) return null;
  const x = escapeHtml;
  const newest = [...channel.videos]
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
    .slice(0, FEED_ENTRY_COUNT);
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="${FEED_NAMESPACES.yt}" xmlns:media="${FEED_NAMESPACES.media}" xmlns="${FEED_NAMESPACES.atom}">
 <link rel="self" href="${x(feedUrl(info.id))}"/>
 <id>yt:channel:${x(info.id)}</id>
 <yt:channelId>${x(info.id)}</yt:channelId>
 <title>${x(info.title)}</title>
 <link rel="alternate" href="${x(channelUrl(info.id))}"/>
 <author>
  <name>${x(info.title)}</name>
  <uri>${x(channelUrl(info.id))}</uri>
 </author>
 <published>${atomDate(info.publishedAt)}</published>
${newest.map((video) => entry(video, channel)).join('\n')}
</feed>
`;
}
