import type { YoutubeOverviewReport } from '@app/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { SectionCard } from '../../../shared/components/section-card';
import type { AnalyticsRange } from '../../../shared/lib/admin-location';
import { formatDay, formatInteger, plural, rangeLabels } from '../../../shared/lib/figures';
import { useYoutubeReport } from '../../api/youtube-analytics';
import { formatDuration, formatHours, formatShare } from '../../lib/youtube-labels';
import { Empty, Stat } from '../report-parts';
import { YoutubeReportFrame } from './youtube-report-frame';

type Overview = Extract<YoutubeOverviewReport, { available: true }>;

const per = (report: Overview) => (report.bucket === 'day' ? 'per day' : 'per week');
const span = (report: Overview) => rangeLabels[report.range].toLowerCase();

/** The days of the range YouTube has no row for (they count zero in the charts). */
function missingNote(report: Overview): string {
  const missing = report.series.filter((point) => point.missing).length;
  if (!missing) return '';
  return ` YouTube has no figures for ${plural(missing, report.bucket)} of the range: ${missing === 1 ? 'it counts' : 'they count'} as zero.`;
}

function OverviewFigures({ report }: { report: Overview }) {
  const { totals } = report;
  const net = totals.subscribersGained - totals.subscribersLost;
  const data = report.series.map((point) => ({ ...point, date: formatDay(point.date) }));
  const subscribers = totals.subscribersGained + totals.subscribersLost > 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Views" value={formatInteger(totals.views)} />
        <Stat label="Watch hours" value={formatHours(totals.watchHours)} />
        <Stat label="Average view duration" value={formatDuration(totals.averageViewDuration)} />
        <Stat label="Average percentage viewed" value={formatShare(totals.averageViewPercentage)} />
        <Stat
          label="Subscribers"
          value={`${net > 0 ? '+' : ''}${formatInteger(net)}`}
          hint={`${formatInteger(totals.subscribersGained)} gained, ${formatInteger(totals.subscribersLost)} lost`}
        />
        <Stat label="Likes" value={formatInteger(totals.likes)} />
        <Stat label="Comments" value={formatInteger(totals.comments)} />
        <Stat label="Shares" value={formatInteger(totals.shares)} />
      </SimpleGrid>
      <SectionCard
        title="Views and watch hours on YouTube"
        description={`${rangeLabels[report.range]}, ${per(report)}.${missingNote(report)}`}
      >
        {totals.views === 0 ? (
          <Empty />
        ) : (
          <AreaChart
            h={280}
            data={data}
            dataKey="date"
            series={[
              { name: 'views', label: 'Views', color: 'red.6' },
              { name: 'watchHours', label: 'Watch hours', color: 'blue.5', yAxisId: 'right' },
            ]}
            withRightYAxis
            curveType="monotone"
            withLegend
            valueFormatter={formatInteger}
            rightYAxisProps={{ tickFormatter: (value: number) => formatInteger(value) }}
            role="img"
            aria-label={`Chart of YouTube views and watch hours ${per(report)}, ${span(report)}: ${formatInteger(totals.views)} views, ${formatHours(totals.watchHours)} watch hours in all`}
          />
        )}
      </SectionCard>
      <SectionCard
        title="Subscribers gained and lost"
        description={`${rangeLabels[report.range]}, ${per(report)}.`}
      >
        {!subscribers ? (
          <Empty>No subscriber gained or lost in this range.</Empty>
        ) : (
          <BarChart
            h={220}
            data={data}
            dataKey="date"
            series={[
              { name: 'subscribersGained', label: 'Gained', color: 'teal.5' },
              { name: 'subscribersLost', label: 'Lost', color: 'orange.5' },
            ]}
            withLegend
            valueFormatter={formatInteger}
            role="img"
            aria-label={`Chart of subscribers gained and lost ${per(report)}, ${span(report)}: ${formatInteger(totals.subscribersGained)} gained, ${formatInteger(totals.subscribersLost)} lost`}
          />
        )}
      </SectionCard>
    </Stack>
  );
}

/** YouTube's Overview: views, watch time, view duration and percentage, subscribers, likes, comments, shares. */
export function YoutubeOverviewPanel({ range }: { range: AnalyticsRange }) {
  const query = useYoutubeReport('overview', range);
  return (
    <YoutubeReportFrame query={query}>{(report) => <OverviewFigures report={report} />}</YoutubeReportFrame>
  );
}
