import { t } from '../../i18n/i18n';
import { Button } from '@mantine/core';
import { usePublicSettings } from '../settings/api/get-public-settings';
import { setConsent, useConsentChoice } from '../../lib/consent';
import classes from './consent-banner.module.css';

/** The GDPR banner, when the admin enables it and the visitor has not answered yet. */
export function ConsentBanner() {
  const { settings, isLoaded } = usePublicSettings();
  const choice = useConsentChoice();
  if (!isLoaded || !settings.enableGDPRBanner || choice) return null;
  return (
    <div className={classes.banner} role="region" aria-label={t('consent.label')}>
      <p className={classes.text}>{t('consent.text')}</p>
      <div className={classes.actions}>
        <Button variant="default" radius="xl" onClick={() => setConsent('denied')}>
          {t('consent.decline')}
        </Button>
        <Button radius="xl" onClick={() => setConsent('granted')}>
          {t('consent.accept')}
        </Button>
      </div>
    </div>
  );
}
