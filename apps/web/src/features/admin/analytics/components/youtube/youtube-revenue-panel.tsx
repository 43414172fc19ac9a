import type { YoutubeRevenueReport } from '@app/contracts';
import { AreaChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { SectionCard } from '../../../shared/components/section-card';
import type { AnalyticsRange } from '../../../shared/lib/admin-location';
import { formatDay, formatUsd, rangeLabels } from '../../../shared/lib/figures';
import { useYoutubeReport } from '../../api/youtube-analytics';
import { Empty, Stat } from '../report-parts';
import { GoogleAccountCardLink } from './youtube-connection';
import { YoutubeReportFrame } from './youtube-report-frame';

type Revenue = Extract<YoutubeRevenueReport, { available: true }>;
type Granted = Extract<Revenue['revenue'], { state: 'granted' }>;

/**
 * Revenue not granted (Revenue was not ticked) or refused by YouTube: no figure; the API's message says how to get
 * them, the link leads to the card where it is done.
 */
function NoRevenue({ revenue }: { revenue: Exclude<Revenue['revenue'], Granted> }) {
  return (
    <SectionCard
      title={revenue.state === 'refused' ? 'YouTube refused the revenue reports' : 'Revenue is not granted'}
      description={revenue.message}
    >
      <div>
        <GoogleAccountCardLink>Open the YouTube Analytics card</GoogleAccountCardLink>
      </div>
    </SectionCard>
  );
}

function RevenueFigures({ report, revenue }: { report: Revenue; revenue: Granted }) {
  const { totals } = revenue;
  const per = report.bucket === 'day' ? 'per day' : 'per week';
  const span = rangeLabels[report.range].toLowerCase();
  const earned = revenue.series.some((point) => point.estimatedRevenue > 0);
  // Revenue is known from `revenueFrom` on: the days before it were read before Revenue was granted.
  const known =
    revenue.revenueFrom === report.from
      ? ''
      : revenue.revenueFrom
        ? ` Revenue is known from ${formatDay(revenue.revenueFrom)}: the days before it are still being read, and count for nothing here.`
        : ' The revenue of these days is still being read.';
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Estimated revenue" value={formatUsd(totals.estimatedRevenue)} />
        <Stat label="Ad revenue" value={formatUsd(totals.estimatedAdRevenue)} />
        <Stat label="RPM" value={formatUsd(totals.rpm)} hint="Revenue per 1,000 views" />
        <Stat label="CPM" value={formatUsd(totals.cpm)} hint="Ad revenue per 1,000 ad impressions" />
      </SimpleGrid>
      <SectionCard
        title="Estimated revenue on YouTube"
        description={`${rangeLabels[report.range]}, ${per}, in USD. YouTube's estimates: the last days may still change. A channel outside the YouTube Partner Programme earns nothing here.${known}`}
      >
        {earned ? (
          <AreaChart
            h={260}
            // A point whose revenue is not known is a gap in the line, not a 0.
            data={revenue.series.map((point) =>
              point.missing
                ? { date: formatDay(point.date), estimatedRevenue: null, estimatedAdRevenue: null }
                : { ...point, date: formatDay(point.date) },
            )}
            dataKey="date"
            series={[
              { name: 'estimatedRevenue', label: 'Estimated revenue', color: 'green.6' },
              { name: 'estimatedAdRevenue', label: 'Ad revenue', color: 'yellow.5' },
            ]}
            curveType="monotone"
            withLegend
            valueFormatter={formatUsd}
            role="img"
            aria-label={`Chart of estimated revenue and ad revenue ${per}, ${span}: ${formatUsd(totals.estimatedRevenue)} in all`}
          />
        ) : (
          <Empty>No revenue in this range.</Empty>
        )}
      </SectionCard>
    </Stack>
  );
}

/** YouTube's Revenue: estimated revenue, ad revenue, RPM and CPM, when the owner granted them. */
export function YoutubeRevenuePanel({ range }: { range: AnalyticsRange }) {
  const query = useYoutubeReport('revenue', range);
  return (
    <YoutubeReportFrame query={query} hasFigures={(report) => report.revenue.state === 'granted'}>
      {(report) =>
        report.revenue.state === 'granted' ? (
          <RevenueFigures report={report} revenue={report.revenue} />
        ) : (
          <NoRevenue revenue={report.revenue} />
        )
      }
    </YoutubeReportFrame>
  );
}
