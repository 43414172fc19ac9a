import type { TwoFactorSetup } from '@app/contracts';
import { Badge, Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { SectionCard } from '../../shared/components/section-card';
import { useLandingField } from '../../shared/hooks/use-landing-field';
import { EnabledView } from './two-factor-enabled-view';
import { EnrolForm } from './two-factor-enrol-form';
import { RecoveryCodesView } from './recovery-codes-view';

/**
 * Two-factor sign-in: off until enrolled. Enrolling shows a QR code and the key once, takes a
 * code and the password, then shows the recovery codes once. While on: turn off (password and code) and
 * new recovery codes (code).
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;

  return (
    <SectionCard
      title="Two-factor sign-in"
      description="Sign-in asks for a code from an authenticator app on your phone after the password."
      badge={
        status.data ? (
          <Badge color={enabled ? 'green' : 'gray'} variant="light" size="sm">
            {enabled ? 'On' : 'Off'}
          </Badge>
        ) : null
      }
    >
      {recoveryCodes ? (
        <RecoveryCodesView codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : setup ? (
        <EnrolForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : status.data?.enabled ? (
        <EnabledView recoveryCodesLeft={status.data.recoveryCodesLeft} onNewCodes={setRecoveryCodes} />
      ) : status.data ? (
        <StartSetup onStarted={setSetup} />
      ) : null}
    </SectionCard>
  );
}

function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const ref = useLandingField<HTMLButtonElement>('two-factor');
  return (
    <div>
      <Button
        ref={ref}
        leftSection={<IconShieldLock size={16} aria-hidden />}
        loading={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
      >
        Set up two-factor sign-in
      </Button>
    </div>
  );
}
