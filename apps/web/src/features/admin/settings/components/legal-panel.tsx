import { SettingTextField } from '../../shared/components/setting-fields';
import { SectionCard } from '../../shared/components/section-card';

/** Privacy policy, terms of service and disclosures. */
export function LegalPanel() {
  return (
    <SectionCard
      title="Legal"
      description="Texts of the legal pages. Plain text or Markdown; changes save as you type."
    >
      <SettingTextField settingKey="privacyPolicyContent" label="Privacy policy" multiline minRows={6} />
      <SettingTextField settingKey="termsOfServiceContent" label="Terms of service" multiline minRows={6} />
      <SettingTextField
        settingKey="disclosuresContent"
        label="Disclosures"
        multiline
        minRows={4}
        description="Affiliate and sponsorship disclosures."
      />
    </SectionCard>
  );
}
