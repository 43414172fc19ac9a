import { Group, SegmentedControl } from '@mantine/core';
import { type AnalyticsRange, analyticsRanges } from '../../shared/lib/admin-location';
import {
  type AnalyticsSource,
  analyticsSourceLabels,
  analyticsSourceOf,
  subtabIn,
} from '../lib/analytics-source';
import { SiteAnalytics } from './site-analytics';
import { YoutubeAnalytics } from './youtube/youtube-analytics';

export { NOTHING_YET } from './report-parts';

/**
 * The analytics tab: two sources side by side, "This site" (the site's own counts) and "YouTube" (the channel's
 * YouTube Analytics through the owner's Google account), the same ranges 7d/30d/90d/1y (default 30d) for both. The
 * open subtab names the source (analytics-source.ts).
 */
export function AnalyticsTab({
  sub,
  range,
  onSubChange,
  onRangeChange,
}: {
  sub: string | null;
  range: AnalyticsRange;
  onSubChange: (sub: string) => void;
  onRangeChange: (range: AnalyticsRange) => void;
}) {
  const source = analyticsSourceOf(sub);
  const controls = (
    <Group gap="sm">
      <SegmentedControl
        aria-label="Source"
        value={source}
        onChange={(value) => onSubChange(subtabIn(value as AnalyticsSource, sub))}
        data={(['site', 'youtube'] as const).map((value) => ({ value, label: analyticsSourceLabels[value] }))}
      />
      <SegmentedControl
        aria-label="Date range"
        value={range}
        onChange={(value) => onRangeChange(value as AnalyticsRange)}
        data={analyticsRanges.map((value) => ({ value, label: value }))}
      />
    </Group>
  );
  return source === 'site' ? (
    <SiteAnalytics sub={sub} range={range} controls={controls} onSubChange={onSubChange} />
  ) : (
    <YoutubeAnalytics sub={sub} range={range} controls={controls} onSubChange={onSubChange} />
  );
}
