import { useSyncExternalStore } from 'react';
import { type ConsentChoice, currentConsent, subscribeConsent } from './consent-store';

export { CONSENT_STORAGE_KEY, type ConsentChoice, readConsent, setConsent } from './consent-store';

export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(subscribeConsent, currentConsent, () => null);
}

/**
 * Whether analytics and ads may load: with the GDPR banner on, only after the visitor accepted;
 * with it off, the site does not ask.
 */
export function useTrackingAllowed(bannerEnabled: boolean): boolean {
  const choice = useConsentChoice();
  return !bannerEnabled || choice === 'granted';
}
