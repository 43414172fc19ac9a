import { SettingsGate } from '../../shared/components/settings-gate';
import { SubTabs } from '../../shared/components/sub-tabs';
import { BrandingPanel } from './branding-panel';
import { LayoutPanel } from './layout-panel';
import { ThemesPanel } from './themes-panel';
import { TypographyPanel } from './typography-panel';

/** The design tab: Themes, Layout, Branding, Typography. */
export function DesignTab({ sub, onSubChange }: { sub: string | null; onSubChange: (sub: string) => void }) {
  return (
    <SettingsGate scope="design">
      <SubTabs
        label="Design sections"
        value={sub}
        onChange={onSubChange}
        items={[
          { value: 'themes', label: 'Themes', render: () => <ThemesPanel /> },
          { value: 'layout', label: 'Layout', render: () => <LayoutPanel onSubChange={onSubChange} /> },
          { value: 'branding', label: 'Branding', render: () => <BrandingPanel onSubChange={onSubChange} /> },
          { value: 'typography', label: 'Typography', render: () => <TypographyPanel /> },
        ]}
      />
    </SettingsGate>
  );
}
