import type { YoutubeAudienceReport } from '@app/contracts';
import { BarChart } from '@mantine/charts';
import { Stack, Table } from '@mantine/core';
import { ageGroupLabel, formatShare, genderLabel } from '../../lib/youtube-labels';
import { Empty } from '../report-parts';

type AgeGender = Extract<YoutubeAudienceReport, { available: true }>['ageGender'];

const GENDER_COLORS: Record<string, string> = { female: 'grape.5', male: 'blue.5', user_specified: 'teal.5' };
const GENDER_ORDER = Object.keys(GENDER_COLORS);
const genderRank = (gender: string) => (GENDER_ORDER.includes(gender) ? GENDER_ORDER.indexOf(gender) : 99);

/** Viewer percentage by age group, one bar per gender, and the same figures as a table. */
export function AgeGenderChart({ cells, span }: { cells: AgeGender; span: string }) {
  if (cells.length === 0)
    return (
      <Empty>
        YouTube reports age and gender only for signed-in viewers, and only when there are enough.
      </Empty>
    );
  const ages = [...new Set(cells.map((c) => c.ageGroup))].sort();
  // YouTube's genders in a fixed order (its rows come in any order); one it adds later goes last.
  const genders = [...new Set(cells.map((c) => c.gender))].sort((a, b) => genderRank(a) - genderRank(b));
  const share = (age: string, gender: string) =>
    cells.find((c) => c.ageGroup === age && c.gender === gender)?.viewerPercentage ?? 0;
  const data = ages.map((age) => ({
    age: ageGroupLabel(age),
    ...Object.fromEntries(genders.map((g) => [g, share(age, g)])),
  }));
  return (
    <Stack gap="md">
      <BarChart
        h={240}
        data={data}
        dataKey="age"
        type="stacked"
        series={genders.map((g) => ({ name: g, label: genderLabel(g), color: GENDER_COLORS[g] ?? 'gray.5' }))}
        withLegend
        valueFormatter={formatShare}
        role="img"
        aria-label={`Chart of the viewers' age groups and genders, ${span} (the table below has the figures)`}
      />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Age</Table.Th>
            {genders.map((g) => (
              <Table.Th key={g} ta="right">
                {genderLabel(g)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ages.map((age) => (
            <Table.Tr key={age} data-testid="youtube-age">
              <Table.Td>{ageGroupLabel(age)}</Table.Td>
              {genders.map((g) => (
                <Table.Td key={g} ta="right">
                  {formatShare(share(age, g))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
