import { ColorSwatch, Group, Table } from '@mantine/core';
import { formatInteger, formatPercent } from '../../../shared/lib/figures';
import { formatHours } from '../../lib/youtube-labels';
import { DonutBeside } from '../donut-beside';

/** A row of a breakdown: what it is, its YouTube views and watch hours. */
export interface ShareRow {
  key: string;
  label: string;
  views: number;
  watchHours: number;
}

const COLORS = [
  'red.6',
  'blue.5',
  'teal.5',
  'yellow.5',
  'grape.5',
  'indigo.4',
  'orange.5',
  'cyan.5',
  'lime.5',
];

/** A chart colour (`red.6`) as the CSS variable Mantine defines for it. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * Views, watch hours and share of each row (share of the rows' views); with `colors`, each row starts with its
 * colour in the chart beside it (the chart's legend).
 */
export function ShareTable({
  heading,
  rows,
  testId,
  colors,
}: {
  heading: string;
  rows: ShareRow[];
  testId: string;
  colors?: (string | null)[];
}) {
  const total = rows.reduce((sum, row) => sum + row.views, 0);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{heading}</Table.Th>
          <Table.Th ta="right">Views</Table.Th>
          <Table.Th ta="right">Watch hours</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={row.key} data-testid={testId}>
            <Table.Td>
              {colors ? (
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch
                    color={cssColor(colors[i] ?? 'gray.5')}
                    size={10}
                    withShadow={false}
                    aria-hidden
                  />
                  {row.label}
                </Group>
              ) : (
                row.label
              )}
            </Table.Td>
            <Table.Td ta="right">{formatInteger(row.views)}</Table.Td>
            <Table.Td ta="right">{formatHours(row.watchHours)}</Table.Td>
            <Table.Td ta="right">{formatPercent(row.views, total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A breakdown as a donut beside its table, the largest slices in colour. */
export function ShareDonut({
  heading,
  rows,
  chartLabel,
  testId,
}: {
  heading: string;
  rows: ShareRow[];
  chartLabel: string;
  testId: string;
}) {
  // The donut draws the largest slices; the rest are one grey slice (every row stays in the table).
  const drawn = rows.slice(0, COLORS.length);
  const rest = rows.slice(COLORS.length).reduce((sum, row) => sum + row.views, 0);
  const data = drawn
    .map((row, i) => ({ name: row.label, value: row.views, color: COLORS[i] }))
    .filter((slice) => slice.value > 0);
  if (rest > 0) data.push({ name: 'Others', value: rest, color: 'gray.5' });
  return (
    <DonutBeside data={data} label={chartLabel}>
      <ShareTable
        heading={heading}
        rows={rows}
        testId={testId}
        colors={rows.map((row, i) => (row.views > 0 ? (COLORS[i] ?? 'gray.5') : null))}
      />
    </DonutBeside>
  );
}
