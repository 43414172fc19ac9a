/**
 * The two sources of the Analytics tab: the site's own counts ("This site") and the channel's YouTube Analytics
 * ("YouTube"). The source is part of the subtab's id (`youtube-overview`), so the URL, a reload and a shared link
 * keep it.
 */
export type AnalyticsSource = 'site' | 'youtube';

export const analyticsSourceLabels: Record<AnalyticsSource, string> = {
  site: 'This site',
  youtube: 'YouTube',
};

/**
 * Each subtab of the site beside its YouTube counterpart, in order: switching the source lands on the counterpart
 * of the open subtab (Performance ↔ Overview, Traffic Sources ↔ Audience, Content ↔ Content, Conversions ↔ Revenue).
 */
const COUNTERPARTS = [
  ['performance', 'youtube-overview'],
  ['traffic', 'youtube-audience'],
  ['content', 'youtube-content'],
  ['conversions', 'youtube-revenue'],
] as const;

export type SiteSubtab = (typeof COUNTERPARTS)[number][0];
export type YoutubeSubtab = (typeof COUNTERPARTS)[number][1];

export function analyticsSourceOf(sub: string | null): AnalyticsSource {
  return sub?.startsWith('youtube-') ? 'youtube' : 'site';
}

/** The subtab to open in `source` when `sub` is open: itself if it is one of `source`'s, else its counterpart. */
export function subtabIn(source: AnalyticsSource, sub: string | null): string {
  const pair = COUNTERPARTS.find((p) => p.includes(sub as never)) ?? COUNTERPARTS[0];
  return source === 'site' ? pair[0] : pair[1];
}
