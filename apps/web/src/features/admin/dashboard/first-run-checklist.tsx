import type { ChecklistItemId } from '@app/contracts';
import { Anchor, Button, CloseButton, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { checklistQueryOptions, useChecklist } from '../shared/api/get-checklist';
import { useUpdateSetting } from '../shared/api/update-setting';
import { adminLink } from '../shared/lib/admin-link';

const SEARCH_CONSOLE = 'https://search.google.com/search-console';
const BING_WEBMASTER = 'https://www.bing.com/webmasters';

/** What each item asks, and where it is done: each link lands on its field, scrolled to and focused. */
const ITEMS: Record<ChecklistItemId, { label: string; action: ReactNode }> = {
  channel: {
    label: 'Connect your YouTube channel',
    action: (
      <Anchor component={Link} to={adminLink({ tab: 'content', field: 'channel' })} size="sm">
        YouTube Integration
      </Anchor>
    ),
  },
  password: {
    label: 'Change the default password',
    action: (
      <Anchor
        component={Link}
        to={adminLink({ tab: 'settings', sub: 'security', field: 'password' })}
        size="sm"
      >
        Settings → Security
      </Anchor>
    ),
  },
  'two-factor': {
    label: 'Turn on two-factor sign-in',
    action: (
      <Anchor
        component={Link}
        to={adminLink({ tab: 'settings', sub: 'security', field: 'two-factor' })}
        size="sm"
      >
        Settings → Security
      </Anchor>
    ),
  },
  'public-url': {
    label: 'Set PUBLIC_URL in production',
    action: (
      <Text span size="sm" c="dimmed">
        In the server’s environment, e.g. PUBLIC_URL=https://example.com (docs/deployment.md)
      </Text>
    ),
  },
  sitemap: {
    label: 'Submit the sitemap to search engines',
    action: (
      <>
        <Anchor href={SEARCH_CONSOLE} target="_blank" rel="noopener noreferrer" size="sm">
          Google Search Console
        </Anchor>
        <Anchor href={BING_WEBMASTER} target="_blank" rel="noopener noreferrer" size="sm">
          Bing Webmaster Tools
        </Anchor>
      </>
    ),
  },
};

/**
 * The first-run checklist at the top of the dashboard: each item's state from the server, each with
 * where it is done. Gone once everything is done, or dismissed (a setting, so it stays dismissed everywhere).
 */
export function FirstRunChecklist() {
  const { data } = useChecklist();
  const queryClient = useQueryClient();
  const update = useUpdateSetting('settings');
  if (!data || data.complete || data.dismissed) return null;

  const save = (key: 'sitemapSubmitted' | 'firstRunChecklistDismissed', label: string) =>
    update.mutate(
      { key, value: true, label, quiet: true },
      { onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey }) },
    );
  const left = data.items.filter((item) => !item.done).length;

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="first-run-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Title order={2} size="h4" id="first-run-title">
            Get your site ready
          </Title>
          <Text size="sm" c="dimmed" data-testid="checklist-left">
            {left} of {data.items.length} left
          </Text>
        </div>
        <CloseButton
          aria-label="Dismiss the checklist"
          onClick={() => save('firstRunChecklistDismissed', 'Checklist')}
        />
      </Group>
      <List spacing="sm" listStyleType="none" aria-label="First-run checklist">
        {data.items.map((item) => (
          <List.Item
            key={item.id}
            data-item={item.id}
            data-done={item.done}
            icon={
              <ThemeIcon color={item.done ? 'green' : 'gray'} variant="light" size={22} radius="xl">
                {item.done ? (
                  <IconCircleCheck size={16} aria-label="Done" />
                ) : (
                  <IconCircleDashed size={16} aria-label="To do" />
                )}
              </ThemeIcon>
            }
          >
            {/* The item's name: a label of the list item, not a paragraph (nor a heading). */}
            <Text component="div" size="sm" fw={600} td={item.done ? 'line-through' : undefined}>
              {ITEMS[item.id].label}
            </Text>
            <Text size="xs" c="dimmed">
              {item.detail}
            </Text>
            {item.done ? null : (
              <Group gap="sm" mt={2}>
                {ITEMS[item.id].action}
                {item.id === 'sitemap' ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => save('sitemapSubmitted', 'Sitemap')}
                  >
                    Mark as submitted
                  </Button>
                ) : null}
              </Group>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
