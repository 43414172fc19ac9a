import { pageFeatures } from '@app/contracts/page-features';
import { useEffect, useRef } from 'react';
import { loadScript } from '../../lib/load-script';
import { useTrackingAllowed } from '../../lib/consent';
import { setSiteAnalytics, trackPageview } from '../../lib/site-analytics';
import { usePublicSettings } from '../settings/api/get-public-settings';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GA_SCRIPT = 'https://www.googletagmanager.com/gtag/js';
export const PLAUSIBLE_SCRIPT = 'https://plausible.io/js/script.js';

function startGoogleAnalytics(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the arguments objects from the data layer, exactly as its snippet pushes them.
  window.gtag =
    window.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer?.push(arguments);
    };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true });
  loadScript(`${GA_SCRIPT}?id=${encodeURIComponent(id)}`);
}

/**
 * The site's own cookieless analytics (on unless the admin turned `enableSiteAnalytics` off; it keeps no id, so
 * it asks no consent), and Google Analytics and Plausible, each only when the admin enabled it (and the visitor
 * consented).
 */
export function Analytics() {
  const { settings, isLoaded } = usePublicSettings();
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    trackPageview();
  }, []);
  useEffect(() => {
    if (isLoaded) setSiteAnalytics(settings.enableSiteAnalytics);
  }, [isLoaded, settings.enableSiteAnalytics]);

  const allowed = useTrackingAllowed(settings.enableGDPRBanner);
  // The same rule as the page's script policy (the server only allows these hosts when the feature is on).
  const on = isLoaded && allowed ? pageFeatures(settings) : { googleAnalytics: false, plausible: false };
  const gaId = on.googleAnalytics ? settings.googleAnalyticsId : '';
  const plausibleDomain = on.plausible ? settings.plausibleDomain : '';

  useEffect(() => {
    if (gaId) startGoogleAnalytics(gaId);
  }, [gaId]);

  useEffect(() => {
    if (plausibleDomain) loadScript(PLAUSIBLE_SCRIPT, { 'data-domain': plausibleDomain, defer: '' });
  }, [plausibleDomain]);

  return null;
}
