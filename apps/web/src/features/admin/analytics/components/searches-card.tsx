import type { AnalyticsReport } from '@app/contracts';
import { SimpleGrid, Table, Text } from '@mantine/core';
import { formatInteger, formatPercent } from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { Empty, span } from './report-parts';

type Query = AnalyticsReport['searches']['top'][number];

function QueryTable({ queries, label, empty }: { queries: Query[]; label: string; empty: string }) {
  if (queries.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Table aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label}</Table.Th>
          <Table.Th ta="right">Searches</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {queries.map(({ query, searches }) => (
          <Table.Tr key={query}>
            <Table.Td>{query}</Table.Td>
            <Table.Td ta="right">{formatInteger(searches)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * What visitors searched for on the site's search page: the top queries, and the top queries that found nothing
 * (content fans want and do not find). Counted without cookies, each day's top queries only (docs/analytics.md).
 */
export function SearchesCard({ report }: { report: AnalyticsReport }) {
  const { total, empty, top, notFound } = report.searches;
  return (
    <SectionCard
      title="Searches"
      description={`What visitors searched for on the site, ${span(report)}: ${formatInteger(total)} searches, ${formatPercent(empty, total)} found nothing.`}
    >
      {total === 0 ? (
        <Empty />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <QueryTable queries={top} label="Top searches" empty="No query searched more than others yet" />
          <div>
            <QueryTable
              queries={notFound}
              label="Searches that found nothing"
              empty="Every search found something"
            />
            {notFound.length > 0 && (
              <Text size="xs" c="dimmed" mt="xs">
                Content fans look for and do not find: a video, a chapter or a transcript could answer them.
              </Text>
            )}
          </div>
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
