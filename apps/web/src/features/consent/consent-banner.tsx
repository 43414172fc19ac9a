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
    <div className={classes.banner} role="region" aria-label="Cookie consent">
      <p className={classes.text}>
        We use cookies for analytics and ads, only with your permission. You can change your choice at any
        time from the link at the bottom of the page.
      </p>
      <div className={classes.actions}>
        <Button variant="default" radius="xl" onClick={() => setConsent('denied')}>
          Decline
        </Button>
        <Button radius="xl" onClick={() => setConsent('granted')}>
          Accept
        </Button>
      </div>
    </div>
  );
}
