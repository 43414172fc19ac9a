import { type Theme, themes } from '@app/contracts';
import { Badge, ColorSwatch, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveSetting, useSetting } from '../../shared/hooks/use-settings';
import { SettingColorInput } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';
import classes from './design.module.css';

function ThemeCard({
  theme,
  current,
  busy,
  onChoose,
}: {
  theme: Theme;
  current: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <UnstyledButton
      className={classes.themeCard}
      data-current={current || undefined}
      aria-pressed={current}
      disabled={busy}
      onClick={onChoose}
      data-theme-id={theme.id}
    >
      <div className={classes.themePreview} style={{ background: theme.background, color: theme.text }}>
        <Text fw={700} size="sm" inherit>
          Aa
        </Text>
        <Group gap={6}>
          <span className={classes.themeDot} style={{ background: theme.primary }} />
          <span className={classes.themeDot} style={{ background: theme.accent }} />
          <span className={classes.themeDot} style={{ background: theme.surface }} />
        </Group>
      </div>
      <Group justify="space-between" gap={6} p="xs">
        <Text size="sm" fw={600}>
          {theme.name}
        </Text>
        {current ? (
          <Badge size="sm" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
            Current
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/** The six predefined themes; choosing one applies its colours. */
export function ThemesPanel() {
  const selected = useSetting('selectedTheme');
  const { saveAsync } = useSaveSetting();
  const [busy, setBusy] = useState(false);

  const choose = async (theme: Theme) => {
    setBusy(true);
    try {
      await Promise.all([
        saveAsync({ key: 'primaryColor', value: theme.primary, label: 'Primary color', quiet: true }),
        saveAsync({ key: 'accentColor', value: theme.accent, label: 'Accent color', quiet: true }),
        saveAsync({
          key: 'backgroundColor',
          value: theme.background,
          label: 'Background color',
          quiet: true,
        }),
        saveAsync({ key: 'textColor', value: theme.text, label: 'Text color', quiet: true }),
      ]);
      await saveAsync({
        key: 'selectedTheme',
        value: theme.id,
        label: 'Theme',
        description: `${theme.name} theme applied`,
      });
    } catch {
      // The failed save has shown its toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <SectionCard title="Themes" description="Choose a theme to apply its colors to the site.">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {themes.map((theme) => (
            <ThemeCard
              key={theme.id}
              theme={theme}
              current={theme.id === selected}
              busy={busy}
              onChoose={() => void choose(theme)}
            />
          ))}
        </SimpleGrid>
      </SectionCard>
      <SectionCard
        title="Custom colors"
        description="Fine-tune the colors of the current theme. Changes save a second after you stop typing."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SettingColorInput settingKey="primaryColor" label="Primary color" />
          <SettingColorInput settingKey="accentColor" label="Accent color" />
          <SettingColorInput settingKey="backgroundColor" label="Background color" />
          <SettingColorInput settingKey="textColor" label="Text color" />
        </SimpleGrid>
        <Group gap="xs" aria-hidden>
          <ColorSwatchesPreview />
        </Group>
      </SectionCard>
    </Stack>
  );
}

function ColorSwatchesPreview() {
  const primary = useSetting('primaryColor');
  const accent = useSetting('accentColor');
  const background = useSetting('backgroundColor');
  const text = useSetting('textColor');
  return (
    <>
      {[primary, accent, background, text].map((color, index) => (
        <ColorSwatch key={index} color={color} size={22} />
      ))}
    </>
  );
}
