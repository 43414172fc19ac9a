import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSetting } from '../../shared/hooks/use-settings';
import { SettingImageField } from '../../shared/components/setting-image-field';
import { SectionCard } from '../../shared/components/section-card';
import { HeroImageField } from './layout-panel';

/** Logo, favicon and hero image, stored inline with a preview. */
export function BrandingPanel({ onSubChange }: { onSubChange: (sub: string) => void }) {
  const heroType = useSetting('heroBackgroundType');
  return (
    <Stack gap="lg">
      <SectionCard title="Branding" description="Images that identify your channel on the site.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <SettingImageField
            settingKey="logoImage"
            label="Logo"
            description="Shown in the top bar; a wide image up to 40 px high works best."
          />
          <SettingImageField
            settingKey="faviconImage"
            label="Favicon"
            description="The icon of the browser tab; square, 32 × 32 px or larger."
            previewHeight={48}
          />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Hero image">
        {heroType === 'image' ? (
          <HeroImageField />
        ) : (
          <Text size="sm" c="dimmed">
            The hero image is used when the hero background type is Image. Choose it under{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => onSubChange('layout')}>
              Layout
            </Anchor>
            .
          </Text>
        )}
      </SectionCard>
    </Stack>
  );
}
