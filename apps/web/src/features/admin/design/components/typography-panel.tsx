import { baseFontSizes, bodyFonts, headingFonts, monoFonts } from '@app/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useSettings } from '../../shared/hooks/use-settings';
import {
  SettingFontSelect,
  SettingLanguageSelect,
  SettingSegmented,
} from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';

function Preview() {
  const { headingFont, bodyFont, monoFont, baseFontSize } = useSettings();
  return (
    <Stack gap={4} aria-label="Typography preview" role="group">
      {/* A sample of the heading font, not a heading of the dashboard (nor a paragraph). */}
      <Text component="div" fw={800} fz={baseFontSize * 1.5} ff={`"${headingFont}", sans-serif`}>
        The quick brown fox
      </Text>
      <Text fz={baseFontSize} ff={`"${bodyFont}", sans-serif`}>
        Body text of the site reads like this at {baseFontSize} px.
      </Text>
      <Text fz={baseFontSize * 0.875} ff={`"${monoFont}", monospace`}>
        const code = &apos;and code like this&apos;;
      </Text>
    </Stack>
  );
}

/** Heading, body and mono fonts from the SPEC lists and the base font size; saved 1 s after a change. */
export function TypographyPanel() {
  return (
    <Stack gap="lg">
      <SectionCard
        title="Typography"
        description="Fonts of the site. Changes save a second after you pick them."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <SettingFontSelect settingKey="headingFont" label="Heading font" options={headingFonts} />
          <SettingFontSelect settingKey="bodyFont" label="Body font" options={bodyFonts} />
          <SettingFontSelect settingKey="monoFont" label="Monospace font" options={monoFonts} />
        </SimpleGrid>
        <SettingSegmented
          settingKey="baseFontSize"
          label="Base font size"
          options={baseFontSizes.map((value) => ({ value, label: `${value} px` }))}
          debounce
        />
      </SectionCard>
      <SectionCard
        title="Language"
        description="The language of the public site: its texts, numbers and dates."
      >
        <SettingLanguageSelect
          label="Site language"
          description="Titles, descriptions and other texts you write stay as you wrote them."
        />
      </SectionCard>
      <SectionCard title="Preview">
        <Preview />
      </SectionCard>
    </Stack>
  );
}
