import { SimpleGrid, Text } from '@mantine/core';
import type { StringSettingKey } from '../../shared/components/setting-fields';
import { SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';

const CARDS: { name: string; title: StringSettingKey; description: StringSettingKey }[] = [
  { name: 'Discord', title: 'communityDiscordTitle', description: 'communityDiscordDescription' },
  { name: 'Twitter', title: 'communityTwitterTitle', description: 'communityTwitterDescription' },
  { name: 'Newsletter', title: 'communityNewsletterTitle', description: 'communityNewsletterDescription' },
];

/** The Join the Community section's links and card texts; a card without a link only logs. */
export function CommunityPanel() {
  return (
    <SectionCard
      title="Community section"
      description="The links and texts of the Join the Community cards on the home page."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SettingTextField
          settingKey="discordInviteUrl"
          label="Discord invite URL"
          type="url"
          placeholder="https://discord.gg/abc123"
          description="Join Now opens it in a new tab. Empty: the button opens nothing."
        />
        <SettingTextField
          settingKey="twitterHandle"
          label="X/Twitter handle"
          placeholder="@channel"
          description="Follow opens https://x.com/<handle>. Also used for link previews (SEO)."
        />
      </SimpleGrid>
      {CARDS.map(({ name, title, description }) => (
        <SimpleGrid key={name} cols={{ base: 1, sm: 2 }} spacing="md">
          <SettingTextField settingKey={title} label={`${name} card title`} />
          <SettingTextField settingKey={description} label={`${name} card text`} />
        </SimpleGrid>
      ))}
      <Text size="xs" c="dimmed">
        The Newsletter card&apos;s Subscribe button opens an e-mail sign-up form (Integrations → Advanced →
        Newsletter lists the sign-ups).
      </Text>
    </SectionCard>
  );
}
