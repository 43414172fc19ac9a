import type { AnalyticsReport } from '@app/contracts';
import { LineChart } from '@mantine/charts';
import { Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useNewsletterSummary } from '../../shared/api/newsletter-summary';
import {
  formatInteger,
  formatPercent,
  formatPValue,
  MONTHLY_VIEWS_GOAL,
  NEWSLETTER_GOAL,
  rangeLabels,
} from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { chartData, Empty, per, span, Stat } from './report-parts';

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

export function ConversionsPanel({ report }: { report: AnalyticsReport }) {
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
