import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { replaceToast } from '../../../../lib/toast';
import { SettingTextField } from '../../shared/components/setting-fields';
import { copyText } from '../../shared/lib/clipboard';

/** The OAuth client of the owner's Google Cloud project, and the redirect URI to register for it. */
export function GoogleClientFields({ redirectUri }: { redirectUri: string | undefined }) {
  const copy = async () => {
    if (!redirectUri) return;
    if (await copyText(redirectUri)) replaceToast({ title: 'Copied to clipboard', description: redirectUri });
    else
      replaceToast({
        title: 'Copy failed',
        description: 'Select the redirect URI and copy it by hand',
        variant: 'destructive',
      });
  };
  return (
    <>
      <Group grow align="flex-start" gap="sm">
        <SettingTextField
          settingKey="googleOAuthClientId"
          label="OAuth client ID"
          placeholder="1234567890-abc123.apps.googleusercontent.com"
          description="Google Cloud → APIs & Services → Credentials → your OAuth client (type Web application)."
        />
        <SettingTextField
          settingKey="googleOAuthClientSecret"
          label="OAuth client secret"
          secret
          placeholder="GOCSPX-…"
          description="Stored as a secret: it is shown masked; type over it to replace it."
        />
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Redirect URI"
          description="Add exactly this under Authorized redirect URIs of the OAuth client."
          value={redirectUri ?? ''}
          readOnly
          style={{ flex: 1 }}
          data-testid="google-redirect-uri"
        />
        <Tooltip label="Copy redirect URI">
          <ActionIcon variant="default" size={36} onClick={() => void copy()} aria-label="Copy redirect URI">
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </>
  );
}
