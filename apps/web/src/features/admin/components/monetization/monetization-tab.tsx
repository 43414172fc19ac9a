import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { formatUsd, sampleRevenue } from '../../lib/sample-data';
import { SampleBadge } from '../section-card';
import { SettingsGate } from '../settings-gate';
import { SubTabs } from '../sub-tabs';
import { AdsensePanel } from './adsense-panel';
import { AffiliatePanel } from './affiliate-panel';
import { SponsorshipsPanel } from './sponsorships-panel';

function RevenueCards() {
  return (
    <section aria-labelledby="revenue-title">
      <Group gap="xs" mb="xs">
        <Text id="revenue-title" fw={700} component="h2" fz="md" m={0}>
          Revenue this month
        </Text>
        <SampleBadge />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {sampleRevenue.map((card) => {
          const up = card.change >= 0;
          const Trend = up ? IconTrendingUp : IconTrendingDown;
          return (
            <Paper key={card.id} withBorder radius="md" p="md" data-testid={`revenue-${card.id}`}>
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              <Text fz={26} fw={800} lh={1.25}>
                {formatUsd(card.amount)}
              </Text>
              <Group gap={4} c={up ? 'teal.4' : 'red.4'}>
                <Trend size={16} aria-hidden />
                <Text size="xs" inherit>
                  {up ? '+' : ''}
                  {card.change.toFixed(1)}% vs last month
                </Text>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        Sample figures for illustration; they are not read from AdSense or your affiliate programs.
      </Text>
    </section>
  );
}

/** SPEC §2: four revenue cards (sample data) and the AdSense, Affiliate Programs and Sponsorships subtabs. */
export function MonetizationTab({
  sub,
  onSubChange,
}: {
  sub: string | null;
  onSubChange: (sub: string) => void;
}) {
  return (
    <Stack gap="lg">
      <RevenueCards />
      <SettingsGate scope="settings">
        <SubTabs
          label="Monetization sections"
          value={sub}
          onChange={onSubChange}
          items={[
            { value: 'adsense', label: 'AdSense', render: () => <AdsensePanel /> },
            { value: 'affiliates', label: 'Affiliate Programs', render: () => <AffiliatePanel /> },
            { value: 'sponsorships', label: 'Sponsorships', render: () => <SponsorshipsPanel /> },
          ]}
        />
      </SettingsGate>
    </Stack>
  );
}
