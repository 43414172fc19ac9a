import type { YoutubeAudienceReport } from '@app/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../shared/components/section-card';
import type { AnalyticsRange } from '../../../shared/lib/admin-location';
import { formatInteger, formatPercent, rangeLabels } from '../../../shared/lib/figures';
import { useYoutubeReport } from '../../api/youtube-analytics';
import {
  countryLabel,
  deviceLabel,
  formatHours,
  formatInstant,
  trafficSourceLabel,
} from '../../lib/youtube-labels';
import { Empty, Stat } from '../report-parts';
import { AgeGenderChart } from './youtube-age-gender';
import { YoutubeReportFrame } from './youtube-report-frame';
import { type ShareRow, ShareDonut, ShareTable } from './youtube-share-table';

type Audience = Extract<YoutubeAudienceReport, { available: true }>;

/** Countries the table lists one by one; the others are one row. */
const TOP_COUNTRIES = 10;

function countryRows(countries: Audience['countries']): ShareRow[] {
  const rows = countries
    .slice(0, TOP_COUNTRIES)
    .map((c) => ({ key: c.country, label: countryLabel(c.country), ...c }));
  const rest = countries.slice(TOP_COUNTRIES);
  if (rest.length)
    rows.push({
      key: 'others',
      label: `Other countries (${rest.length})`,
      country: '',
      views: rest.reduce((sum, c) => sum + c.views, 0),
      watchHours: rest.reduce((sum, c) => sum + c.watchHours, 0),
    });
  return rows;
}

function FromThisSite({ report }: { report: Audience }) {
  const { fromThisSite } = report;
  const all = report.trafficSources.reduce((sum, s) => sum + s.views, 0);
  return (
    <SectionCard
      title="YouTube views from this site"
      description="Views YouTube counts as external traffic from the site's own address (the videos played or linked here)."
    >
      {fromThisSite.host === null ? (
        <Empty>The site's public address is not set, so YouTube's views from it cannot be told apart.</Empty>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Stat label={`Views from ${fromThisSite.host}`} value={formatInteger(fromThisSite.views)} />
          <Stat label="Their watch hours" value={formatHours(fromThisSite.watchHours)} />
          <Stat label="Share of all views" value={formatPercent(fromThisSite.views, all)} />
        </SimpleGrid>
      )}
    </SectionCard>
  );
}

function AudienceFigures({ report }: { report: Audience }) {
  const span = rangeLabels[report.range].toLowerCase();
  const sources = report.trafficSources.map((s) => ({
    key: s.source,
    label: trafficSourceLabel(s.source),
    ...s,
  }));
  const devices = report.devices.map((d) => ({ key: d.deviceType, label: deviceLabel(d.deviceType), ...d }));
  return (
    <Stack gap="lg">
      <FromThisSite report={report} />
      <SectionCard title="Traffic sources on YouTube" description={`How viewers found the videos, ${span}.`}>
        {sources.length === 0 ? (
          <Empty />
        ) : (
          <ShareDonut
            heading="Source"
            rows={sources}
            chartLabel={`Chart of YouTube traffic sources, ${span}`}
            testId="youtube-source"
          />
        )}
      </SectionCard>
      <SectionCard title="Devices" description={`What the videos were watched on, ${span}.`}>
        {devices.length === 0 ? (
          <Empty />
        ) : (
          <ShareDonut
            heading="Device"
            rows={devices}
            chartLabel={`Chart of the devices of YouTube views, ${span}`}
            testId="youtube-device"
          />
        )}
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title="Countries" description={`Where the views came from, ${span}.`}>
          {report.countries.length === 0 ? (
            <Empty />
          ) : (
            <ShareTable heading="Country" rows={countryRows(report.countries)} testId="youtube-country" />
          )}
        </SectionCard>
        <SectionCard title="Age and gender" description={`Share of signed-in viewers, ${span}.`}>
          <AgeGenderChart cells={report.ageGender} span={span} />
        </SectionCard>
      </SimpleGrid>
      {report.breakdownFetchedAt ? (
        <Text size="xs" c="dimmed">
          Countries, age and gender, and the views from this site: YouTube reports them for a whole range;
          read {formatInstant(report.breakdownFetchedAt)}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** YouTube's Audience: views from this site, traffic sources, countries, devices, age and gender. */
export function YoutubeAudiencePanel({ range }: { range: AnalyticsRange }) {
  const query = useYoutubeReport('audience', range);
  return (
    <YoutubeReportFrame query={query}>{(report) => <AudienceFigures report={report} />}</YoutubeReportFrame>
  );
}
