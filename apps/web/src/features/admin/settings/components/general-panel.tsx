import { parseChannelInput } from '@app/contracts';
import { ActionIcon, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { replaceToast } from '../../../../lib/toast';
import { useSetting } from '../../shared/hooks/use-settings';
import { copyText } from '../../shared/lib/clipboard';
import { SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';
import { LiveCheckField } from './live-check-field';

function CopyChannelId() {
  const channelId = useSetting('channelId');
  const copy = async () => {
    if (!channelId) {
      replaceToast({
        title: 'Nothing to copy',
        description: 'Enter a channel ID first',
        variant: 'destructive',
      });
      return;
    }
    if (await copyText(channelId)) replaceToast({ title: 'Copied to clipboard', description: channelId });
    else
      replaceToast({
        title: 'Copy failed',
        description: 'Select the ID and copy it by hand',
        variant: 'destructive',
      });
  };
  return (
    <Tooltip label="Copy channel ID">
      <ActionIcon variant="default" size={36} onClick={() => void copy()} aria-label="Copy channel ID">
        <IconCopy size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Site title, contact email, description, the channel id and the live check's interval. */
export function GeneralPanel() {
  return (
    <SectionCard title="General" description="How the site introduces itself. Changes save as you type.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SettingTextField
          settingKey="siteTitle"
          label="Site title"
          placeholder="Code with Alex"
          description="Empty: the channel's name."
        />
        <SettingTextField
          settingKey="contactEmail"
          label="Contact email"
          type="email"
          placeholder="hello@example.com"
          autoComplete="email"
          description="For your records; not shown to visitors."
        />
      </SimpleGrid>
      <SettingTextField
        settingKey="siteDescription"
        label="Site description"
        multiline
        minRows={3}
        description="Shown in search results and link previews."
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <SettingTextField
            settingKey="channelId"
            label="YouTube channel ID"
            // Saving asks YouTube: not for every half-typed handle, only for a whole channel.
            isComplete={(value) => value === '' || parseChannelInput(value) !== null}
            placeholder="UCxxxxxxxxxxxxxxxxxxxxxx"
            description="The channel the Subscribe links and the sync use: paste its URL, @handle or UC… id (saved as the id). Empty: YOUTUBE_CHANNEL_ID's, once synced."
          />
        </div>
        <CopyChannelId />
      </Group>
      <LiveCheckField />
    </SectionCard>
  );
}
