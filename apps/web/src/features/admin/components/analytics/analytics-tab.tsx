import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Group, Paper, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type AnalyticsRange, analyticsRanges } from '../../lib/admin-location';
import {
  formatInteger,
  MONTHLY_VIEWS_GOAL,
  NEWSLETTER_GOAL,
  rangeLabels,
  sampleConversions,
  sampleGoals,
  samplePerformance,
  sampleTopVideos,
  sampleTrafficSources,
  summarisePerformance,
} from '../../lib/sample-data';
import { SampleBadge, SectionCard } from '../section-card';
import { SubTabs } from '../sub-tabs';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={800} lh={1.25}>
        {value}
      </Text>
    </Paper>
  );
}

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function PerformancePanel({ range }: { range: AnalyticsRange }) {
  const points = useMemo(() => samplePerformance(range), [range]);
  const summary = summarisePerformance(points);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Views" value={formatInteger(summary.views)} />
        <Stat label="Watch time (hours)" value={formatInteger(summary.watchHours)} />
        <Stat label="New subscribers" value={formatInteger(summary.subscribers)} />
        <Stat label="Average view duration" value={duration(summary.averageViewSeconds)} />
      </SimpleGrid>
      <SectionCard title="Views and watch time" badge={<SampleBadge />} description={rangeLabels[range]}>
        <AreaChart
          h={280}
          data={points}
          dataKey="date"
          series={[
            { name: 'views', label: 'Views', color: 'red.6' },
            { name: 'watchHours', label: 'Watch hours', color: 'blue.5' },
          ]}
          curveType="monotone"
          withLegend
          valueFormatter={formatInteger}
          aria-label={`Sample chart of views and watch hours, ${rangeLabels[range].toLowerCase()}`}
          role="img"
        />
      </SectionCard>
    </Stack>
  );
}

function TrafficPanel() {
  return (
    <SectionCard
      title="Traffic sources"
      badge={<SampleBadge />}
      description="Where viewers found your videos."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <DonutChart
          data={sampleTrafficSources.map((source) => ({
            name: source.name,
            value: source.share,
            color: source.color,
          }))}
          tooltipDataSource="segment"
          valueFormatter={(value) => `${value}%`}
          size={200}
          thickness={28}
          mx="auto"
          role="img"
          aria-label="Sample chart of traffic sources"
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sampleTrafficSources.map((source) => (
              <Table.Tr key={source.name}>
                <Table.Td>{source.name}</Table.Td>
                <Table.Td ta="right">{source.share}%</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </SectionCard>
  );
}

function ContentPanel({ range }: { range: AnalyticsRange }) {
  const videos = useMemo(() => sampleTopVideos(range), [range]);
  return (
    <Stack gap="lg">
      <SectionCard title="Top videos" badge={<SampleBadge />} description={rangeLabels[range]}>
        <BarChart
          h={260}
          data={videos.map((video, index) => ({ video: `#${index + 1}`, views: video.views }))}
          dataKey="video"
          series={[{ name: 'views', label: 'Views', color: 'red.6' }]}
          valueFormatter={formatInteger}
          role="img"
          aria-label="Sample chart of views of the top five videos"
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Video</Table.Th>
              <Table.Th ta="right">Views</Table.Th>
              <Table.Th ta="right">Retention</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {videos.map((video, index) => (
              <Table.Tr key={video.title}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{video.title}</Table.Td>
                <Table.Td ta="right">{formatInteger(video.views)}</Table.Td>
                <Table.Td ta="right">{video.retention}%</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SectionCard>
    </Stack>
  );
}

function Goal({ label, value, goal }: { label: string; value: number; goal: number }) {
  const percent = Math.min(100, Math.round((value / goal) * 100));
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {formatInteger(value)} / {formatInteger(goal)}
        </Text>
      </Group>
      <Progress value={percent} aria-label={`${label}: ${percent}% of the goal`} />
    </div>
  );
}

function ConversionsPanel({ range }: { range: AnalyticsRange }) {
  const points = useMemo(() => sampleConversions(range), [range]);
  return (
    <Stack gap="lg">
      <SectionCard title="Goals" badge={<SampleBadge />}>
        <Goal
          label="Newsletter subscribers"
          value={sampleGoals.newsletterSubscribers}
          goal={NEWSLETTER_GOAL}
        />
        <Goal label="Monthly views" value={sampleGoals.monthlyViews} goal={MONTHLY_VIEWS_GOAL} />
      </SectionCard>
      <SimpleGrid cols={{ base: 2 }} spacing="md">
        <Stat label="Affiliate clicks" value={formatInteger(sampleGoals.affiliateClicks)} />
        <Stat label="Conversion rate" value={`${sampleGoals.conversionRate}%`} />
      </SimpleGrid>
      <SectionCard
        title="Sign-ups and affiliate clicks"
        badge={<SampleBadge />}
        description={rangeLabels[range]}
      >
        <LineChart
          h={260}
          data={points}
          dataKey="date"
          series={[
            { name: 'signups', label: 'Newsletter sign-ups', color: 'teal.5' },
            { name: 'affiliateClicks', label: 'Affiliate clicks', color: 'yellow.5' },
          ]}
          curveType="monotone"
          withLegend
          role="img"
          aria-label={`Sample chart of sign-ups and affiliate clicks, ${rangeLabels[range].toLowerCase()}`}
        />
      </SectionCard>
    </Stack>
  );
}

/** SPEC §2 analytics tab: range 7d/30d/90d/1y (default 30d) and four subtabs of sample charts. */
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
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={700} component="h2" fz="md" m={0}>
            Channel analytics
          </Text>
          <SampleBadge />
        </Group>
        <SegmentedControl
          aria-label="Date range"
          value={range}
          onChange={(value) => onRangeChange(value as AnalyticsRange)}
          data={analyticsRanges.map((value) => ({ value, label: value }))}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={-8}>
        Sample figures for illustration; connect Google Analytics or Plausible for real numbers.
      </Text>
      <SubTabs
        label="Analytics sections"
        value={sub}
        onChange={onSubChange}
        items={[
          { value: 'performance', label: 'Performance', render: () => <PerformancePanel range={range} /> },
          { value: 'traffic', label: 'Traffic Sources', render: () => <TrafficPanel /> },
          { value: 'content', label: 'Content', render: () => <ContentPanel range={range} /> },
          { value: 'conversions', label: 'Conversions', render: () => <ConversionsPanel range={range} /> },
        ]}
      />
    </Stack>
  );
}
