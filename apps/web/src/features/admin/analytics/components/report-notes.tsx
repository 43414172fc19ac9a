import type { AnalyticsReport } from '@app/contracts';
import { Alert, Group, Stack, Switch, Text } from '@mantine/core';
import { useExcludeAnalyticsDay } from '../api/exclude-analytics-day';
import { formatDay, formatInteger } from '../../shared/lib/figures';

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

export function ReportNotes({ report }: { report: AnalyticsReport }) {
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
