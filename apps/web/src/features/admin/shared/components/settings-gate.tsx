import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAdminSettings } from '../api/get-admin-settings';
import type { SettingsScope } from '../api/update-setting';
import { SettingsScopeContext } from '../hooks/use-settings';
import { LoadingStatus } from './loading-status';

/** Renders its fields once the settings have loaded; they save with the toasts of `scope`. */
export function SettingsGate({ scope, children }: { scope: SettingsScope; children: ReactNode }) {
  const { data, error, isPending } = useAdminSettings();
  if (isPending) {
    return <LoadingStatus label="Loading settings" />;
  }
  if (error || !data) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Settings could not be loaded"
      >
        {error?.message}
      </Alert>
    );
  }
  return <SettingsScopeContext.Provider value={scope}>{children}</SettingsScopeContext.Provider>;
}
