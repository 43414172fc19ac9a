import type { AnalyticsReport } from '@app/contracts';
import { BarChart } from '@mantine/charts';
import { Stack, Table } from '@mantine/core';
import { formatInteger, formatPercent } from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { Empty, span } from './report-parts';
import { SearchesCard } from './searches-card';

/** The progress columns of the top videos: how many of the plays reached each point. */
const MILESTONE_COLUMNS = [
  [25, '25%'],
  [50, '50%'],
  [75, '75%'],
  [100, 'Completed'],
] as const;

export function ContentPanel({ report }: { report: AnalyticsReport }) {
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
      <SearchesCard report={report} />
    </Stack>
  );
}
