import {
  type Figure,
  MEDIA_KIT_RECENT_VIDEOS,
  type MediaKit,
  type YoutubeChannelFigures,
  type YoutubeFiguresResult,
} from '@app/contracts';
import { missing, read } from '../sponsorships/sponsor-report';

/**
 * The media kit's figures (no sample ever: a figure YouTube does not give is a missing one that says why). The
 * public counts come from the last successful sync; the rest from YouTube Analytics through the reader.
 */

export interface PublicCounts {
  /** The channel row (null before any sync or demo seed). */
  channel: { subscriberCount: number | null; isDemo: boolean } | null;
  /** View counts of the latest long videos, newest first (a null: YouTube withholds that video's count). */
  recentViews: (number | null)[];
  /** When the last successful sync ended: the moment these counts were read from YouTube. */
  syncedAt: Date | null;
}

/** Subscribers, and the average views of the last MEDIA_KIT_RECENT_VIDEOS long videos. */
export function publicFigures(counts: PublicCounts): Pick<MediaKit, 'subscribers' | 'averageViews'> {
  const { channel, syncedAt } = counts;
  if (channel?.isDemo) return { subscribers: missing('demo'), averageViews: missing('demo') };
  if (!channel || !syncedAt) {
    return { subscribers: missing('not-synced'), averageViews: missing('not-synced') };
  }
  const readAt = syncedAt.toISOString();
  const subscribers: Figure<number> =
    channel.subscriberCount === null
      ? missing('hidden')
      : { available: true, value: channel.subscriberCount, source: 'youtube-public', readAt };
  const views = counts.recentViews.slice(0, MEDIA_KIT_RECENT_VIDEOS).filter((n): n is number => n !== null);
  const averageViews: MediaKit['averageViews'] = views.length
    ? {
        available: true,
        value: { average: Math.round(views.reduce((a, b) => a + b, 0) / views.length), videos: views.length },
        source: 'youtube-public',
        readAt,
      }
    : missing('none');
  return { subscribers, averageViews };
}

/** The 30-day figures, countries, age and gender and engagement, from the reader's channel answer. */
export function analyticsFigures(
  result: YoutubeFiguresResult<YoutubeChannelFigures>,
): Pick<MediaKit, 'period' | 'views30d' | 'topCountries' | 'ageGender' | 'engagement'> {
  if (!result.available) {
    const gap = missing(result.reason === 'unknown-video' ? 'not-connected' : result.reason);
    return { period: null, views30d: gap, topCountries: gap, ageGender: gap, engagement: gap };
  }
  const f = result.figures;
  const list = <T>(figure: { value: T[]; readAt: string }): Figure<T[]> =>
    figure.value.length ? read(figure) : missing('too-few-views');
  return {
    period: { from: f.from, to: f.to },
    views30d: read(f.views30d),
    topCountries: list(f.topCountries),
    ageGender: list(f.ageGender),
    engagement: read(f.engagement),
  };
}
