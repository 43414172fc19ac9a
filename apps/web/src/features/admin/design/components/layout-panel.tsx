import { colorSchemes, heroBackgroundTypes, videoGridColumnOptions } from '@app/contracts';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSetting } from '../../shared/hooks/use-settings';
import { SettingSegmented, SettingSwitch, SettingTextField } from '../../shared/components/setting-fields';
import { SettingImageField } from '../../shared/components/setting-image-field';
import { SectionCard } from '../../shared/components/section-card';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The hero image upload, shown only when the hero background is an image. */
export function HeroImageField() {
  return (
    <SettingImageField
      settingKey="heroImage"
      label="Hero image"
      description="The background of the hero section at the top of the home page."
      previewHeight={120}
    />
  );
}

/** Grid columns, section toggles, colour scheme and hero background. */
export function LayoutPanel({ onSubChange }: { onSubChange: (sub: string) => void }) {
  const heroType = useSetting('heroBackgroundType');
  return (
    <Stack gap="lg">
      <SectionCard title="Layout" description="How the home page is arranged.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <SettingSegmented
            settingKey="videoGridColumns"
            label="Video grid columns"
            description="Columns of the video grid on wide screens"
            options={videoGridColumnOptions.map((value) => ({ value, label: String(value) }))}
          />
          <SettingSegmented
            settingKey="colorScheme"
            label="Color scheme"
            description="Auto follows the visitor's system setting"
            options={colorSchemes.map((value) => ({ value, label: capitalise(value) }))}
          />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Sections" description="Which parts of the home page are shown.">
        <SettingSwitch settingKey="showFeaturedVideo" label="Show featured video" />
        <SettingSwitch settingKey="showPlaylistSection" label="Show playlists section" />
        <SettingSwitch settingKey="showSubscriberCount" label="Show subscriber count" />
        <SettingSwitch settingKey="showCommunitySection" label="Show community section" />
      </SectionCard>
      <SectionCard title="Shorts" description="How YouTube Shorts appear on the home page.">
        <SettingSwitch
          settingKey="hideShorts"
          label="Hide Shorts from the video grid"
          description="The grid and its filters leave Shorts out."
        />
        <SettingSwitch
          settingKey="showShortsShelf"
          label="Show a Shorts shelf"
          description="A row of Shorts in vertical cards above the video grid."
        />
      </SectionCard>
      <SectionCard title="Hero background" description="What fills the background of the hero section.">
        <SettingSegmented
          settingKey="heroBackgroundType"
          label="Hero background type"
          options={heroBackgroundTypes.map((value) => ({ value, label: capitalise(value) }))}
        />
        {heroType === 'image' ? <HeroImageField /> : null}
        {heroType === 'video' ? (
          <SettingTextField
            settingKey="heroVideoUrl"
            label="Hero video URL"
            type="url"
            placeholder="https://example.com/background.mp4"
            description="A video file that plays muted behind the hero."
          />
        ) : null}
        {heroType === 'gradient' ? (
          <Text size="sm" c="dimmed">
            The hero uses a gradient of the theme colors. Logo and favicon are under{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => onSubChange('branding')}>
              Branding
            </Anchor>
            .
          </Text>
        ) : null}
      </SectionCard>
    </Stack>
  );
}
