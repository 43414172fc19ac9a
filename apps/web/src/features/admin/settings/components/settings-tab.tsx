import { SettingsGate } from '../../shared/components/settings-gate';
import { SubTabs } from '../../shared/components/sub-tabs';
import { BackupPanel } from './backup-panel';
import { CommunityPanel } from './community-panel';
import { GeneralPanel } from './general-panel';
import { LegalPanel } from './legal-panel';
import { SecurityPanel } from '../../security/components/security-panel';
import { SeoPanel } from './seo-panel';

/** SPEC §2 settings tab: General, SEO, Legal, Security, Backup. */
export function SettingsTab({
  sub,
  onSubChange,
}: {
  sub: string | null;
  onSubChange: (sub: string) => void;
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
          { value: 'security', label: 'Security', render: () => <SecurityPanel /> },
          { value: 'backup', label: 'Backup', render: () => <BackupPanel /> },
        ]}
      />
    </SettingsGate>
  );
}
