import { sponsorshipsInMonth } from '@app/contracts';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAnalytics } from '../../shared/api/get-analytics';
import { useSponsorships } from '../api/sponsorships';
import { formatInteger, formatUsd, localToday } from '../../shared/lib/figures';
import { SettingsGate } from '../../shared/components/settings-gate';
import { SubTabs } from '../../shared/components/sub-tabs';
import { AdsensePanel } from './adsense-panel';
import { AffiliatePanel } from './affiliate-panel';
import { MediaKitCard } from './media-kit-card';
import { SponsorshipsPanel } from './sponsorships-panel';

export const ADSENSE_URL = 'https://www.google.com/adsense/';

function RevenueCard({
  id,
  label,
  value,
  note,
}: {
  id: string;
  label: string;
  value: ReactNode;
  note: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`revenue-${id}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* The card's figure, not a paragraph (nor a heading). */}
      <Text component="div" fz={26} fw={800} lh={1.25}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {note}
      </Text>
    </Paper>
  );
}

/**
 * The four revenue cards, with no invented money: sponsorships are the deals recorded under
 * Sponsorships (this month's share of each), affiliate is clicks measured on the site (the programs report
 * their own sales), and AdSense earnings are only in AdSense. The total is the measured money: sponsorships.
 */
export function RevenueCards({ today = localToday() }: { today?: string }) {
  const deals = useSponsorships();
  const analytics = useAnalytics('30d');
  const sponsorships = deals.data ? formatUsd(sponsorshipsInMonth(deals.data.sponsorships, today)) : '—';
  const affiliateClicks = analytics.data ? analytics.data.conversions.affiliateClicks : null;
  return (
    <section aria-labelledby="revenue-title">
      <Group gap="xs" mb="xs">
        <Text id="revenue-title" fw={700} component="h2" fz="md" m={0}>
          Revenue this month
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <RevenueCard
          id="total"
          label="Total Revenue"
          value={sponsorships}
          note="Measured money only: sponsorships. AdSense and affiliate earnings are not known here."
        />
        <RevenueCard
          id="adsense"
          label="AdSense"
          value="—"
          note={
            <>
              Earnings are only available in AdSense (Google sign-in).{' '}
              <Anchor
                href={ADSENSE_URL}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                inherit
                underline="always"
              >
                Open AdSense <IconExternalLink size={12} aria-hidden />
              </Anchor>
            </>
          }
        />
        <RevenueCard
          id="affiliate"
          label="Affiliate"
          value={affiliateClicks === null ? '—' : `${formatInteger(affiliateClicks)} clicks`}
          note={
            analytics.isError
              ? `Clicks could not be loaded (${analytics.error.message}).`
              : 'Affiliate link clicks on the site, last 30 days; each program reports its own sales.'
          }
        />
        <RevenueCard
          id="sponsorships"
          label="Sponsorships"
          value={sponsorships}
          note={
            deals.isError
              ? `Deals could not be loaded (${deals.error.message}).`
              : "This month's share of your deals, each spread evenly over its days."
          }
        />
      </SimpleGrid>
    </section>
  );
}

/** Four revenue cards and the AdSense, Affiliate Programs and Sponsorships subtabs. */
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
            {
              value: 'sponsorships',
              label: 'Sponsorships',
              render: () => (
                <Stack gap="lg">
                  <SponsorshipsPanel />
                  <MediaKitCard />
                </Stack>
              ),
            },
          ]}
        />
      </SettingsGate>
    </Stack>
  );
}
