import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { useGenerateSitemap } from '../api/backup';
import { SettingSwitch, SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';

/** Sitemap, RSS and GDPR toggles, keywords, OG image, Twitter handle, and Generate Sitemap. */
export function SeoPanel() {
  const sitemap = useGenerateSitemap();
  return (
    <>
      <SectionCard title="Search and feeds" description="What search engines and feed readers get.">
        <SettingSwitch
          settingKey="enableSitemap"
          label="Enable sitemap"
          description="Serves /sitemap.xml with every video."
        />
        <SettingSwitch
          settingKey="enableRSS"
          label="Enable RSS feed"
          description="Serves /rss.xml with the latest videos."
        />
        <SettingSwitch
          settingKey="enableGDPRBanner"
          label="Show GDPR banner"
          description="Asks visitors for consent before analytics and ads load."
        />
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconSitemap size={16} aria-hidden />}
            onClick={() => sitemap.mutate()}
            loading={sitemap.isPending}
          >
            Generate Sitemap
          </Button>
          {sitemap.data ? (
            <Text size="xs" c="dimmed">
              Last generated {new Date(sitemap.data.generatedAt).toLocaleString()}: {sitemap.data.videos}{' '}
              videos, {Math.round(sitemap.data.bytes / 1024)} KB
            </Text>
          ) : null}
        </Group>
      </SectionCard>
      <SectionCard title="Meta tags" description="Used in search results and link previews.">
        <SettingTextField
          settingKey="metaKeywords"
          label="Meta keywords"
          placeholder="web development, tutorials, javascript"
          description="Separated by commas."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SettingTextField
            settingKey="ogImage"
            label="Open Graph image URL"
            type="url"
            placeholder="https://example.com/og-image.png"
            description="The picture of link previews (1200 × 630 px)."
          />
          <SettingTextField settingKey="twitterHandle" label="Twitter handle" placeholder="@channel" />
        </SimpleGrid>
      </SectionCard>
    </>
  );
}
