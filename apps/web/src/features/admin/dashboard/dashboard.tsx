import { Group, Tabs, Text, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconChartBar,
  IconCurrencyDollar,
  IconPalette,
  IconPlugConnected,
  IconVideo,
} from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useAdminLocation } from '../shared/hooks/use-admin-location';
import type { AdminTab } from '../shared/lib/admin-location';
import { ContentTab } from '../content/components/content-tab';
import classes from '../shared/components/tabs.module.css';
import { DesignTab } from '../design/components/design-tab';
import { FirstRunChecklist } from './first-run-checklist';
import { IntegrationsTab } from '../integrations/components/integrations-tab';
import { MonetizationTab } from '../monetization/components/monetization-tab';
import { SettingsTab } from '../settings/components/settings-tab';
import { LoadingStatus } from '../shared/components/loading-status';

// The charts (recharts) load only when the analytics tab opens.
const AnalyticsTab = lazy(() =>
  import('../analytics/components/analytics-tab').then((m) => ({ default: m.AnalyticsTab })),
);

const tabs: { id: AdminTab; label: string; icon: ComponentType<{ size?: number }> }[] = [
  { id: 'content', label: 'Content', icon: IconVideo },
  { id: 'monetization', label: 'Monetization', icon: IconCurrencyDollar },
  { id: 'design', label: 'Design', icon: IconPalette },
  { id: 'integrations', label: 'Integrations', icon: IconPlugConnected },
  { id: 'analytics', label: 'Analytics', icon: IconChartBar },
  { id: 'settings', label: 'Settings', icon: IconAdjustments },
];

/** SPEC §2: six tabs, content by default; the open tab and subtab live in the URL. */
export function Dashboard({ username }: { username: string }) {
  const { location, go } = useAdminLocation();

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="xs">
        <Title order={1} size="h2">
          Admin dashboard
        </Title>
        <Text size="sm" c="dimmed">
          Signed in as {username}.
        </Text>
      </Group>
      <FirstRunChecklist />
      <Tabs
        value={location.tab}
        onChange={(tab) => tab && go({ tab: tab as AdminTab })}
        keepMounted={false}
        classNames={{ tab: classes.tab }}
      >
        <Tabs.List aria-label="Dashboard sections">
          {tabs.map(({ id, label, icon: Icon }) => (
            <Tabs.Tab key={id} value={id} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="content" pt="lg">
          <ContentTab />
        </Tabs.Panel>
        <Tabs.Panel value="monetization" pt="lg">
          <MonetizationTab sub={location.sub} onSubChange={(sub) => go({ tab: 'monetization', sub })} />
        </Tabs.Panel>
        <Tabs.Panel value="design" pt="lg">
          <DesignTab sub={location.sub} onSubChange={(sub) => go({ tab: 'design', sub })} />
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="lg">
          <IntegrationsTab sub={location.sub} onSubChange={(sub) => go({ tab: 'integrations', sub })} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="lg">
          <Suspense fallback={<LoadingStatus label="Loading analytics" />}>
            <AnalyticsTab
              sub={location.sub}
              range={location.range}
              onSubChange={(sub) => go({ tab: 'analytics', sub, range: location.range })}
              onRangeChange={(range) => go({ tab: 'analytics', sub: location.sub, range }, { replace: true })}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SettingsTab sub={location.sub} onSubChange={(sub) => go({ tab: 'settings', sub })} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
