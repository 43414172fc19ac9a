import { Group, Tabs, Text, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconChartBar,
  IconCurrencyDollar,
  IconPalette,
  IconPlugConnected,
  IconVideo,
} from '@tabler/icons-react';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingStatus } from '../shared/components/loading-status';
import classes from '../shared/components/tabs.module.css';
import { type AdminLocationApi, useAdminLocation } from '../shared/hooks/use-admin-location';
import type { AdminTab } from '../shared/lib/admin-location';
import { FirstRunChecklist } from './first-run-checklist';

// Each area is a chunk of its own, fetched when its tab opens (the charts' recharts only with Analytics).
const areaChunks = {
  content: () => import('../content/components/content-tab'),
  monetization: () => import('../monetization/components/monetization-tab'),
  design: () => import('../design/components/design-tab'),
  integrations: () => import('../integrations/components/integrations-tab'),
  analytics: () => import('../analytics/components/analytics-tab'),
  settings: () => import('../settings/components/settings-tab'),
} satisfies Record<AdminTab, () => Promise<unknown>>;
const ContentTab = lazy(() => areaChunks.content().then((m) => ({ default: m.ContentTab })));
const MonetizationTab = lazy(() => areaChunks.monetization().then((m) => ({ default: m.MonetizationTab })));
const DesignTab = lazy(() => areaChunks.design().then((m) => ({ default: m.DesignTab })));
const IntegrationsTab = lazy(() => areaChunks.integrations().then((m) => ({ default: m.IntegrationsTab })));
const AnalyticsTab = lazy(() => areaChunks.analytics().then((m) => ({ default: m.AnalyticsTab })));
const SettingsTab = lazy(() => areaChunks.settings().then((m) => ({ default: m.SettingsTab })));

/**
 * Fetches the chunk of the tab the dashboard opens on (the URL's), with the dashboard's own while the owner signs
 * in: after the click on "Log in" the tab then waits only for its data.
 */
export function preloadTab(tab: AdminTab): void {
  void areaChunks[tab]().catch(() => undefined);
}
// Security is a subtab of Settings, an area of its own: the frame hands it to the Settings tab.
const SecurityPanel = lazy(() =>
  import('../security/components/security-panel').then((m) => ({ default: m.SecurityPanel })),
);

interface Area {
  id: AdminTab;
  label: string;
  icon: ComponentType<{ size?: number }>;
  render: (nav: AdminLocationApi) => ReactNode;
}

const areas: Area[] = [
  { id: 'content', label: 'Content', icon: IconVideo, render: () => <ContentTab /> },
  {
    id: 'monetization',
    label: 'Monetization',
    icon: IconCurrencyDollar,
    render: ({ location, go }) => (
      <MonetizationTab sub={location.sub} onSubChange={(sub) => go({ tab: 'monetization', sub })} />
    ),
  },
  {
    id: 'design',
    label: 'Design',
    icon: IconPalette,
    render: ({ location, go }) => (
      <DesignTab sub={location.sub} onSubChange={(sub) => go({ tab: 'design', sub })} />
    ),
  },
  {
    id: 'integrations',
    label: 'Integrations',
    icon: IconPlugConnected,
    render: ({ location, go }) => (
      <IntegrationsTab sub={location.sub} onSubChange={(sub) => go({ tab: 'integrations', sub })} />
    ),
  },
  {
    id: 'analytics',
    label: 'Analytics',
    icon: IconChartBar,
    render: ({ location, go }) => (
      <AnalyticsTab
        sub={location.sub}
        range={location.range}
        onSubChange={(sub) => go({ tab: 'analytics', sub, range: location.range })}
        onRangeChange={(range) => go({ tab: 'analytics', sub: location.sub, range }, { replace: true })}
      />
    ),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: IconAdjustments,
    render: ({ location, go }) => (
      <SettingsTab
        sub={location.sub}
        onSubChange={(sub) => go({ tab: 'settings', sub })}
        security={
          <Suspense fallback={<LoadingStatus label="Loading security" />}>
            <SecurityPanel />
          </Suspense>
        }
      />
    ),
  },
];

/** Six tabs, content by default; the open tab and subtab live in the URL. */
export function Dashboard({ username }: { username: string }) {
  const nav = useAdminLocation();

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
        value={nav.location.tab}
        onChange={(tab) => tab && nav.go({ tab: tab as AdminTab })}
        keepMounted={false}
        classNames={{ tab: classes.tab }}
      >
        <Tabs.List aria-label="Dashboard sections">
          {areas.map(({ id, label, icon: Icon }) => (
            <Tabs.Tab key={id} value={id} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {areas.map((area) => (
          <Tabs.Panel key={area.id} value={area.id} pt="lg">
            <Suspense fallback={<LoadingStatus label={`Loading ${area.label.toLowerCase()}`} />}>
              {area.render(nav)}
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
