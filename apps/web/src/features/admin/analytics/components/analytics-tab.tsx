import type { AnalyticsReport } from '@app/contracts';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useExcludeAnalyticsDay } from '../api/exclude-analytics-day';
import { useAnalytics } from '../../shared/api/get-analytics';
import { useNewsletterSummary } from '../../shared/api/newsletter-summary';
import { type AnalyticsRange, analyticsRanges } from '../../shared/lib/admin-location';
import {
  formatDay,
  formatInteger,
  formatPercent,
  formatPValue,
  MONTHLY_VIEWS_GOAL,
  NEWSLETTER_GOAL,
  rangeLabels,
  sourceColors,
  sourceLabels,
} from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { SubTabs } from '../../shared/components/sub-tabs';

export const NOTHING_YET = 'Nothing recorded yet';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={800} lh={1.25}>
        {value}
      </Text>
    </Paper>
  );
}

function Empty({ children = NOTHING_YET }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}

const per = (report: AnalyticsReport) => (report.bucket === 'day' ? 'per day' : 'per week');
const chartData = (report: AnalyticsReport) =>
  report.series.map((point) => ({ ...point, date: formatDay(point.date) }));
const span = (report: AnalyticsReport) => rangeLabels[report.range].toLowerCase();

function PerformancePanel({ report }: { report: AnalyticsReport }) {
  const { totals } = report;
  const empty = totals.views === 0 && totals.plays === 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Views" value={formatInteger(totals.views)} />
        <Stat label="Visitors" value={formatInteger(totals.visitors)} />
        <Stat label="Plays" value={formatInteger(totals.plays)} />
        <Stat label="Pages per visit" value={totals.pagesPerVisit.toFixed(2)} />
      </SimpleGrid>
      <SectionCard
        title="Views and visitors"
        description={`${rangeLabels[report.range]}, ${per(report)}. Visitors are counted per day, without cookies.`}
      >
        {empty ? (
          <Empty />
        ) : (
          <AreaChart
            h={280}
            data={chartData(report)}
            dataKey="date"
            series={[
              { name: 'views', label: 'Views', color: 'red.6' },
              { name: 'visitors', label: 'Visitors', color: 'blue.5' },
              { name: 'plays', label: 'Plays', color: 'teal.5' },
            ]}
            curveType="monotone"
            withLegend
            valueFormatter={formatInteger}
            aria-label={`Chart of views, visitors and plays ${per(report)}, ${span(report)}`}
            role="img"
          />
        )}
      </SectionCard>
    </Stack>
  );
}

function TrafficPanel({ report }: { report: AnalyticsReport }) {
  const total = report.sources.reduce((sum, s) => sum + s.visits, 0);
  return (
    <Stack gap="lg">
      <SectionCard title="Traffic sources" description="Where visitors of the site came from (by referrer).">
        {total === 0 ? (
          <Empty />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <DonutChart
              data={report.sources
                .filter((s) => s.visits > 0)
                .map((s) => ({
                  name: sourceLabels[s.source],
                  value: s.visits,
                  color: sourceColors[s.source],
                }))}
              tooltipDataSource="segment"
              valueFormatter={formatInteger}
              size={200}
              thickness={28}
              mx="auto"
              role="img"
              aria-label={`Chart of traffic sources, ${span(report)}`}
            />
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th ta="right">Visits</Table.Th>
                  <Table.Th ta="right">Share</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.sources.map(({ source, visits }) => {
                  return (
                    <Table.Tr key={source}>
                      <Table.Td>{sourceLabels[source]}</Table.Td>
                      <Table.Td ta="right">{formatInteger(visits)}</Table.Td>
                      <Table.Td ta="right">{formatPercent(visits, total)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </SimpleGrid>
        )}
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title="Referrers" description="The sites that sent the most visits.">
          {report.referrers.length === 0 ? (
            <Empty />
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th ta="right">Visits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.referrers.map((r) => (
                  <Table.Tr key={r.host}>
                    <Table.Td>{r.host}</Table.Td>
                    <Table.Td ta="right">{formatInteger(r.visits)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SectionCard>
        <SectionCard title="Campaigns" description="Visits that landed with UTM parameters.">
          {report.campaigns.length === 0 ? (
            <Empty />
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Source / medium</Table.Th>
                  <Table.Th ta="right">Visits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.campaigns.map((c) => (
                  <Table.Tr key={`${c.source}|${c.medium}|${c.campaign}`}>
                    <Table.Td>{c.campaign || '—'}</Table.Td>
                    <Table.Td>
                      {c.source || '—'} / {c.medium || '—'}
                    </Table.Td>
                    <Table.Td ta="right">{formatInteger(c.visits)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}

/** The progress columns of the top videos: how many of the plays reached each point. */
const MILESTONE_COLUMNS = [
  [25, '25%'],
  [50, '50%'],
  [75, '75%'],
  [100, 'Completed'],
] as const;

function ContentPanel({ report }: { report: AnalyticsReport }) {
  const videos = report.topVideos;
  return (
    <Stack gap="lg">
      <SectionCard
        title="Top videos"
        description={`Plays started on the site, ${span(report)}, and the share of those plays that reached 25%, 50% and 75% of the video, and its end.`}
      >
        {videos.length === 0 ? (
          <Empty />
        ) : (
          <>
            <BarChart
              h={260}
              data={videos.map((video, index) => ({ video: `#${index + 1}`, plays: video.plays }))}
              dataKey="video"
              series={[{ name: 'plays', label: 'Plays', color: 'red.6' }]}
              valueFormatter={formatInteger}
              role="img"
              aria-label={`Chart of plays of the top videos, ${span(report)}`}
            />
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Video</Table.Th>
                  <Table.Th ta="right">Plays</Table.Th>
                  {MILESTONE_COLUMNS.map(([, label]) => (
                    <Table.Th key={label} ta="right">
                      {label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {videos.map((video, index) => (
                  <Table.Tr key={video.videoId} data-testid="top-video">
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{video.title ?? `${video.videoId} (no longer on the site)`}</Table.Td>
                    <Table.Td ta="right">{formatInteger(video.plays)}</Table.Td>
                    {MILESTONE_COLUMNS.map(([milestone, label]) => (
                      <Table.Td key={label} ta="right">
                        {formatPercent(Math.min(video.reached[milestone], video.plays), video.plays)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </SectionCard>
      <SectionCard title="Top pages" description={`Page views, ${span(report)}.`}>
        {report.topPages.length === 0 ? (
          <Empty />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.topPages.map((page) => (
                <Table.Tr key={page.path}>
                  <Table.Td>{page.path}</Table.Td>
                  <Table.Td ta="right">{formatInteger(page.views)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
    </Stack>
  );
}

function Goal({
  label,
  value,
  goal,
  note,
}: {
  label: string;
  value: number | null;
  goal: number;
  note?: string;
}) {
  const percent = value === null ? 0 : Math.min(100, Math.round((value / goal) * 100));
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {value === null ? '—' : formatInteger(value)} / {formatInteger(goal)}
        </Text>
      </Group>
      <Progress value={percent} aria-label={`${label}: ${percent}% of the goal`} />
      {note ? (
        <Text size="xs" c="dimmed" mt={4}>
          {note}
        </Text>
      ) : null}
    </div>
  );
}

function HeroTest({ report }: { report: AnalyticsReport }) {
  const { hero } = report;
  const { test } = hero;
  let verdict: string;
  if (!test.enoughData) verdict = 'Not enough data yet';
  else if (test.significant && test.leader)
    verdict = `Headline ${test.leader} gets more clicks (significant, ${formatPValue(test.pValue ?? 0)})`;
  else
    verdict = `No significant difference yet${test.pValue === null ? '' : ` (${formatPValue(test.pValue)})`}`;
  return (
    <SectionCard
      title="Hero A/B test"
      description="The hero's two headlines, drawn 50/50: how often each was shown and its watch button clicked."
    >
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Headline</Table.Th>
            <Table.Th ta="right">Impressions</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
            <Table.Th ta="right">Click-through rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(['A', 'B'] as const).map((variant) => (
            <Table.Tr key={variant} data-testid={`hero-${variant}`}>
              <Table.Td>{variant}</Table.Td>
              <Table.Td ta="right">{formatInteger(hero[variant].impressions)}</Table.Td>
              <Table.Td ta="right">{formatInteger(hero[variant].clicks)}</Table.Td>
              <Table.Td ta="right">{formatPercent(hero[variant].clicks, hero[variant].impressions)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={500} data-testid="hero-verdict">
        {verdict}
      </Text>
    </SectionCard>
  );
}

function ConversionsPanel({ report }: { report: AnalyticsReport }) {
  const newsletter = useNewsletterSummary();
  const { conversions } = report;
  const clicks = report.series.some((p) => p.subscribeClicks > 0 || p.affiliateClicks > 0);
  return (
    <Stack gap="lg">
      <HeroTest report={report} />
      <SectionCard title="Goals">
        <Goal
          label="Newsletter subscribers"
          value={newsletter.data?.subscribers ?? null}
          goal={NEWSLETTER_GOAL}
          note={
            newsletter.isError
              ? `The subscriber count could not be loaded (${newsletter.error.message}).`
              : undefined
          }
        />
        <Goal
          label="Monthly views"
          value={report.monthlyViews}
          goal={MONTHLY_VIEWS_GOAL}
          note="Page views of the site in the last 30 days."
        />
      </SectionCard>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Subscribe clicks" value={formatInteger(conversions.subscribeClicks)} />
        <Stat label="Community clicks" value={formatInteger(conversions.communityClicks)} />
        <Stat label="Affiliate clicks" value={formatInteger(conversions.affiliateClicks)} />
        <Stat label="Playlist opens" value={formatInteger(conversions.playlistOpens)} />
      </SimpleGrid>
      <SectionCard
        title="Subscribe and affiliate clicks"
        description={`${rangeLabels[report.range]}, ${per(report)}.`}
      >
        {clicks ? (
          <LineChart
            h={260}
            data={chartData(report)}
            dataKey="date"
            series={[
              { name: 'subscribeClicks', label: 'Subscribe clicks', color: 'teal.5' },
              { name: 'affiliateClicks', label: 'Affiliate clicks', color: 'yellow.5' },
            ]}
            curveType="monotone"
            withLegend
            role="img"
            aria-label={`Chart of subscribe and affiliate clicks ${per(report)}, ${span(report)}`}
          />
        ) : (
          <Empty />
        )}
      </SectionCard>
    </Stack>
  );
}

type FloodDay = AnalyticsReport['floodDays'][number];

/** What the API found of a day (`suspected` is its flood rule, docs/analytics.md). */
function floodFigures(day: FloodDay): string {
  const network = `${formatInteger(day.networkVisitors)} of its ${formatInteger(day.visitors)} visitors came from one network`;
  const cap = day.capped
    ? ', and it reached the daily cap of visitors (later new visitors count as views only)'
    : '';
  return `${day.suspected ? 'Looks like a flood' : 'No longer looks like a flood'}: ${network}${cap}.`;
}

/**
 * The days of the range that look like a flood of fake visitors, each with a switch that leaves the day out of
 * every figure of the reports (stored by the API; nothing is deleted, switching back counts it again).
 */
function FloodDays({ days }: { days: FloodDay[] }) {
  const exclude = useExcludeAnalyticsDay();
  if (!days.length) return null;
  return (
    <Alert color="orange" variant="light" title="Suspected flood">
      <Stack gap="xs">
        {days.map((day) => (
          <Group key={day.day} justify="space-between" gap="sm" wrap="nowrap" data-testid="flood-day">
            <Text size="sm">
              <Text span fw={600} inherit>
                {formatDay(day.day)}
              </Text>
              {': '}
              {floodFigures(day)}
              {day.excluded ? ' Left out of every figure.' : ''}
            </Text>
            <Switch
              label="Leave out"
              checked={day.excluded}
              disabled={exclude.isPending}
              onChange={(event) => exclude.mutate({ day: day.day, excluded: event.currentTarget.checked })}
              aria-label={`Leave ${formatDay(day.day)} out of the reports`}
            />
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

function ReportNotes({ report }: { report: AnalyticsReport }) {
  return (
    <>
      <FloodDays days={report.floodDays} />
      {!report.enabled ? (
        <Alert color="yellow" variant="light" title="Site analytics is off">
          Nothing new is counted. Turn it on under Integrations → Analytics.
        </Alert>
      ) : null}
      {report.demo ? (
        <Text size="xs" c="dimmed">
          Demo figures of the demo channel; they go away with it at the first YouTube sync.
        </Text>
      ) : null}
    </>
  );
}

/**
 * SPEC §2 analytics tab: range 7d/30d/90d/1y (default 30d) and four subtabs, every figure from the site's
 * own cookieless counts (`GET /api/admin/analytics?range=`, issue 13).
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
  const { data: report, isError, error } = useAnalytics(range);
  const panel = (render: (report: AnalyticsReport) => ReactNode) => () => {
    if (report) return render(report);
    if (isError)
      return (
        <Alert color="red" variant="light" title="Analytics could not be loaded">
          {error.message}
        </Alert>
      );
    return (
      <Center py="xl">
        <Loader aria-label="Loading analytics" />
      </Center>
    );
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={700} component="h2" fz="md" m={0}>
            Site analytics
          </Text>
          {report?.demo ? (
            <Badge color="yellow" variant="light" size="sm">
              Demo data
            </Badge>
          ) : null}
        </Group>
        <SegmentedControl
          aria-label="Date range"
          value={range}
          onChange={(value) => onRangeChange(value as AnalyticsRange)}
          data={analyticsRanges.map((value) => ({ value, label: value }))}
        />
      </Group>
      {report ? <ReportNotes report={report} /> : null}
      <SubTabs
        label="Analytics sections"
        value={sub}
        onChange={onSubChange}
        items={[
          {
            value: 'performance',
            label: 'Performance',
            render: panel((r) => <PerformancePanel report={r} />),
          },
          { value: 'traffic', label: 'Traffic Sources', render: panel((r) => <TrafficPanel report={r} />) },
          { value: 'content', label: 'Content', render: panel((r) => <ContentPanel report={r} />) },
          {
            value: 'conversions',
            label: 'Conversions',
            render: panel((r) => <ConversionsPanel report={r} />),
          },
        ]}
      />
    </Stack>
  );
}
