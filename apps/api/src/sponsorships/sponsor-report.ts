import type {
  Figure,
  FigureGap,
  FigureSource,
  MissingFigure,
  SponsorReportVideo,
  YoutubeFiguresResult,
  YoutubeVideoFigures,
} from '@app/contracts';
import { addDays } from '../analytics/analytics-math';

/**
 * A sponsor report's figures from what the YouTube Analytics reader answers for each video (no figure of its own:
 * what YouTube does not have yet is a missing figure that says why, never a sample).
 */

export const missing = (gap: FigureGap, availableOn: string | null = null): MissingFigure => ({
  available: false,
  gap,
  availableOn,
});

/** A figure the reader read, with when. */
export const read = <T>(
  figure: { value: T; readAt: string },
  source: FigureSource = 'youtube-analytics',
): Figure<T> => ({ available: true, value: figure.value, source, readAt: figure.readAt });

/**
 * A list of the video's own figures: missing while they were never read (`reading`), and when YouTube holds it
 * back because the video has too few views (an empty list).
 */
const readList = <T>(figure: { value: T[]; readAt: string }, ownFiguresReadAt: string | null): Figure<T[]> =>
  ownFiguresReadAt === null
    ? missing('reading')
    : figure.value.length
      ? read(figure)
      : missing('too-few-views');

/** The site's own record of a sponsored video (null: the site no longer stores it). */
export interface SiteVideo {
  title: string;
  publishedAt: Date;
}

/**
 * The views at 7, 14 and 30 days: read when YouTube has that day, else missing, from the day after it (YouTube
 * has a day's figures a day or more after it ends).
 */
function viewsAt(figures: YoutubeVideoFigures): SponsorReportVideo['viewsAt'] {
  const at = (days: 7 | 14 | 30) => {
    const figure = figures.viewsAt[`day${days}`];
    return figure ? read(figure) : missing('not-yet', addDays(figures.publishedOn, days + 1));
  };
  return { day7: at(7), day14: at(14), day30: at(30) };
}

/** One sponsored video of a report, from the reader's answer for it and the site's record. */
export function reportVideo(
  videoId: string,
  site: SiteVideo | null,
  result: YoutubeFiguresResult<YoutubeVideoFigures>,
): SponsorReportVideo {
  const base = {
    videoId,
    title: site?.title ?? null,
    publishedAt: site ? site.publishedAt.toISOString() : null,
  };
  if (!result.available) {
    const gap = missing(result.reason);
    return {
      ...base,
      viewsAt: { day7: gap, day14: gap, day30: gap },
      views: gap,
      watchHours: gap,
      averageViewPercentage: gap,
      retention: gap,
      topCountries: gap,
    };
  }
  const figures = result.figures;
  return {
    ...base,
    viewsAt: viewsAt(figures),
    views: read(figures.views),
    watchHours: read(figures.watchHours),
    averageViewPercentage: read(figures.averageViewPercentage),
    retention: readList(figures.retention, figures.ownFiguresReadAt),
    topCountries: readList(figures.topCountries, figures.ownFiguresReadAt),
  };
}
