import type { AdPlacements, AdSlots } from '@app/contracts';
import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedSetting, useSaveSetting, useSetting } from '../../shared/hooks/use-settings';
import { SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';

const slotLabels: Record<keyof AdSlots, string> = {
  displayVertical: 'Display (vertical)',
  displaySquare: 'Display (square)',
  displayHorizontal: 'Display (horizontal)',
  inFeed: 'In-feed',
  multiplex: 'Multiplex',
  inArticle: 'In-article',
};

const placementLabels: Record<keyof AdPlacements, { label: string; description: string }> = {
  topBanner: { label: 'Top banner', description: 'A horizontal ad under the top bar' },
  inContent: { label: 'In-content', description: 'Ads between the sections of the home page' },
  stickyFooter: { label: 'Sticky footer', description: 'An ad fixed to the bottom of the screen' },
};

function AdSlotFields() {
  const field = useDebouncedSetting('adSlots', 'Ad slots');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {(Object.keys(slotLabels) as (keyof AdSlots)[]).map((slot) => (
        <TextInput
          key={slot}
          label={slotLabels[slot]}
          placeholder="1234567890"
          inputMode="numeric"
          autoComplete="off"
          value={field.value[slot]}
          onChange={(event) => field.onChange({ ...field.value, [slot]: event.currentTarget.value })}
          onFocus={field.onFocus}
          onBlur={field.onBlur}
          data-setting={`adSlots.${slot}`}
        />
      ))}
    </SimpleGrid>
  );
}

function PlacementSwitches() {
  const placements = useSetting('adPlacements');
  const { save } = useSaveSetting();
  return (
    <>
      {(Object.keys(placementLabels) as (keyof AdPlacements)[]).map((placement) => (
        <Switch
          key={placement}
          label={placementLabels[placement].label}
          description={placementLabels[placement].description}
          checked={placements[placement]}
          onChange={(event) =>
            save({
              key: 'adPlacements',
              value: { ...placements, [placement]: event.currentTarget.checked },
              label: `${placementLabels[placement].label} placement`,
            })
          }
          data-setting={`adPlacements.${placement}`}
        />
      ))}
    </>
  );
}

/** AdSense: publisher id, the six ad slot ids and the three placements (with their defaults). */
export function AdsensePanel() {
  return (
    <SimpleGrid cols={1} spacing="lg">
      <SectionCard title="Google AdSense" description="Ads show on the home page once a publisher ID is set.">
        <SettingTextField
          settingKey="adsensePublisherId"
          label="Publisher ID"
          placeholder="ca-pub-1234567890123456"
        />
      </SectionCard>
      <SectionCard title="Ad slots" description="The ad unit ID of each format, from your AdSense account.">
        <AdSlotFields />
      </SectionCard>
      <SectionCard title="Ad placements" description="Where ads appear on the home page.">
        <PlacementSwitches />
      </SectionCard>
    </SimpleGrid>
  );
}
