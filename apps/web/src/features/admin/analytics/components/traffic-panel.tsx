import type { AnalyticsReport } from '@app/contracts';
import { SimpleGrid, Stack, Table } from '@mantine/core';
import { formatInteger, formatPercent, sourceColors, sourceLabels } from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { DonutBeside } from './donut-beside';
import { Empty, span } from './report-parts';

export function TrafficPanel({ report }: { report: AnalyticsReport }) {
  const total = report.sources.reduce((sum, s) => sum + s.visits, 0);
  return (
    <Stack gap="lg">
      <SectionCard title="Traffic sources" description="Where visitors of the site came from (by referrer).">
        {total === 0 ? (
          <Empty />
        ) : (
          <DonutBeside
            data={report.sources
              .filter((s) => s.visits > 0)
              .map((s) => ({
                name: sourceLabels[s.source],
                value: s.visits,
                color: sourceColors[s.source],
              }))}
            label={`Chart of traffic sources, ${span(report)}`}
          >
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
          </DonutBeside>
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
