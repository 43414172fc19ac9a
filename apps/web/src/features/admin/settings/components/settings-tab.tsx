import type { ReactNode } from 'react';
import { SettingsGate } from '../../shared/components/settings-gate';
import { SubTabs } from '../../shared/components/sub-tabs';
import { BackupPanel } from './backup-panel';
import { CommunityPanel } from './community-panel';
import { GeneralPanel } from './general-panel';
import { LegalPanel } from './legal-panel';
import { SeoPanel } from './seo-panel';

/** The settings tab: General, SEO, Legal, Security, Backup. Security is its own area, handed in by the dashboard frame. */
export function SettingsTab({
  sub,
  onSubChange,
  security,
}: {
  sub: string | null;
  onSubChange: (sub: string) => void;
  security: ReactNode;
}) {
  return (
    <SettingsGate scope="settings">
      <SubTabs
        label="Settings sections"
        value={sub}
        onChange={onSubChange}
        items={[
          {
            value: 'general',
            label: 'General',
            render: () => (
              <>
                <GeneralPanel />
                <CommunityPanel />
              </>
            ),
          },
          { value: 'seo', label: 'SEO', render: () => <SeoPanel /> },
          { value: 'legal', label: 'Legal', render: () => <LegalPanel /> },
          { value: 'security', label: 'Security', render: () => security },
          { value: 'backup', label: 'Backup', render: () => <BackupPanel /> },
        ]}
      />
    </SettingsGate>
  );
}
