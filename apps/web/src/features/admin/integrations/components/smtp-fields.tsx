import type { Settings } from '@app/contracts';
import { NumberInput } from '@mantine/core';
import { useDebouncedSetting } from '../../shared/hooks/use-settings';
import { SettingSegmented, SettingTextField } from '../../shared/components/setting-fields';

const SECURITY_OPTIONS: readonly { value: Settings['smtpSecurity']; label: string }[] = [
  { value: 'starttls', label: 'STARTTLS' },
  { value: 'tls', label: 'TLS' },
  { value: 'none', label: 'None' },
];

/** A port is saved only once it is a whole number in range (a half-typed field is not). */
const isPort = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;

function SmtpPortField() {
  const field = useDebouncedSetting('smtpPort', 'SMTP port', { isComplete: isPort });
  return (
    <NumberInput
      label="SMTP port"
      description="587 with STARTTLS, 465 with TLS."
      value={field.value}
      min={1}
      max={65535}
      allowDecimal={false}
      allowNegative={false}
      onFocus={field.onFocus}
      onBlur={field.onBlur}
      onChange={(value) => {
        if (typeof value === 'number') field.onChange(value);
      }}
      data-setting="smtpPort"
    />
  );
}

/** The SMTP server e-mail goes through (#14); SMTP_URL on the server gives the starting values. */
export function SmtpFields() {
  return (
    <>
      <SettingTextField
        settingKey="smtpHost"
        label="SMTP server"
        placeholder="smtp.example.com"
        description="The server that sends the e-mail. SMTP_URL on the server gives the starting values."
      />
      <SmtpPortField />
      <SettingSegmented settingKey="smtpSecurity" label="Connection security" options={SECURITY_OPTIONS} />
      <SettingTextField settingKey="smtpUser" label="SMTP user" />
      <SettingTextField
        settingKey="smtpPassword"
        label="SMTP password"
        secret
        description="Stored as a secret and shown masked."
      />
      <SettingTextField
        settingKey="smtpFrom"
        label="From address"
        type="email"
        placeholder="channel@example.com"
        description="Empty: the SMTP user, when it is an e-mail address."
      />
    </>
  );
}
