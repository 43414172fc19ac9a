import type { YoutubeContentReport } from '@app/contracts';
import { BarChart } from '@mantine/charts';
import { Table } from '@mantine/core';
import { SectionCard } from '../../../shared/components/section-card';
import type { AnalyticsRange } from '../../../shared/lib/admin-location';
import { formatInteger, rangeLabels } from '../../../shared/lib/figures';
import { useYoutubeReport } from '../../api/youtube-analytics';
import { formatHours, formatShare } from '../../lib/youtube-labels';
import { Empty } from '../report-parts';
import { YoutubeReportFrame } from './youtube-report-frame';

type Content = Extract<YoutubeContentReport, { available: true }>;

/** How many of the videos the chart draws (the table lists them all). */
const CHART_VIDEOS = 10;

function ContentFigures({ report }: { report: Content }) {
  const { videos } = report;
  const span = rangeLabels[report.range].toLowerCase();
  return (
    <SectionCard
      title="Videos on YouTube"
      description={`The videos with the most YouTube views, ${span}, beside the site's own figures for them: plays in the site's player and views of their watch pages.`}
    >
      {videos.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart
            h={240}
            data={videos
              .slice(0, CHART_VIDEOS)
              .map((video, index) => ({ video: `#${index + 1}`, views: video.views }))}
            dataKey="video"
            series={[{ name: 'views', label: 'YouTube views', color: 'red.6' }]}
            valueFormatter={formatInteger}
            role="img"
            aria-label={`Chart of the YouTube views of the top ${Math.min(CHART_VIDEOS, videos.length)} videos, ${span} (the table below lists them)`}
          />
          {/* Scrolls sideways on a phone; focusable, so a keyboard can scroll it too. */}
          <Table.ScrollContainer
            minWidth={640}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Videos on YouTube, table"
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Video</Table.Th>
                  <Table.Th ta="right">Views</Table.Th>
                  <Table.Th ta="right">Watch hours</Table.Th>
                  <Table.Th ta="right">Average viewed</Table.Th>
                  <Table.Th ta="right">Plays on the site</Table.Th>
                  <Table.Th ta="right">Watch page views</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {videos.map((video, index) => (
                  <Table.Tr key={video.videoId} data-testid="youtube-video">
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{video.title ?? `${video.videoId} (not on the site)`}</Table.Td>
                    <Table.Td ta="right">{formatInteger(video.views)}</Table.Td>
                    <Table.Td ta="right">{formatHours(video.watchHours)}</Table.Td>
                    <Table.Td ta="right">{formatShare(video.averageViewPercentage)}</Table.Td>
                    <Table.Td ta="right">{formatInteger(video.site.plays)}</Table.Td>
                    <Table.Td ta="right">{formatInteger(video.site.watchPageViews)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </SectionCard>
  );
}

/** YouTube's Content: each video's views, watch time and percentage viewed, joined with the site's plays. */
export function YoutubeContentPanel({ range }: { range: AnalyticsRange }) {
  const query = useYoutubeReport('content', range);
  return (
    <YoutubeReportFrame query={query}>{(report) => <ContentFigures report={report} />}</YoutubeReportFrame>
  );
}
