import type { AdPlacements, AdSlots } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { loadScript } from '../../lib/load-script';
import { useTrackingAllowed } from '../../lib/consent';
import { usePublicSettings } from '../settings/api/get-public-settings';
import classes from './ad-unit.module.css';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

export const ADSENSE_SCRIPT = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

export type AdPlacement = keyof AdPlacements;

/** Which ad slot each placement shows. */
export const PLACEMENT_SLOTS: Record<AdPlacement, (slots: AdSlots) => string> = {
  topBanner: (slots) => slots.displayHorizontal,
  inContent: (slots) => slots.inArticle || slots.inFeed || slots.displaySquare,
  stickyFooter: (slots) => slots.displayHorizontal,
};

/** Whether a placement shows an ad: a publisher id, the placement on, and consent when asked for. */
export function useAdPlacement(placement: AdPlacement): { publisherId: string; slot: string } | null {
  const { settings, isLoaded } = usePublicSettings();
  const allowed = useTrackingAllowed(settings.enableGDPRBanner);
  if (!isLoaded || !allowed || !settings.adsensePublisherId || !settings.adPlacements[placement]) return null;
  return { publisherId: settings.adsensePublisherId, slot: PLACEMENT_SLOTS[placement](settings.adSlots) };
}

function AdInsert({
  placement,
  publisherId,
  slot,
}: {
  placement: AdPlacement;
  publisherId: string;
  slot: string;
}) {
  const ref = useRef<HTMLModElement>(null);
  useEffect(() => {
    loadScript(`${ADSENSE_SCRIPT}?client=${encodeURIComponent(publisherId)}`, { crossorigin: 'anonymous' });
    if (ref.current?.dataset.adsbygoogleStatus) return;
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch {
      // AdSense refuses a unit it cannot fill; the space stays empty.
    }
  }, [publisherId]);
  return (
    <ins
      ref={ref}
      className={`adsbygoogle ${classes.ins}`}
      data-ad-client={publisherId}
      data-ad-slot={slot || undefined}
      data-ad-format={placement === 'inContent' ? 'fluid' : 'auto'}
      data-ad-layout={placement === 'inContent' ? 'in-article' : undefined}
      data-full-width-responsive="true"
    />
  );
}

/** An AdSense unit in one of the admin's placements; nothing at all when it is off. */
export function AdUnit({ placement }: { placement: Exclude<AdPlacement, 'stickyFooter'> }) {
  const ad = useAdPlacement(placement);
  if (!ad) return null;
  return (
    <aside className={classes.placement} data-ad-placement={placement} aria-label="Advertisement">
      <AdInsert placement={placement} {...ad} />
    </aside>
  );
}

/** The sticky footer placement, which the visitor may close. */
export function StickyFooterAd() {
  const ad = useAdPlacement('stickyFooter');
  const [closed, setClosed] = useState(false);
  const open = !!ad && !closed;
  useEffect(() => {
    if (!open) return undefined;
    document.documentElement.style.setProperty('--app-sticky-ad-height', '100px');
    return () => {
      document.documentElement.style.removeProperty('--app-sticky-ad-height');
    };
  }, [open]);
  if (!ad || closed) return null;
  return (
    <aside className={classes.sticky} data-ad-placement="stickyFooter" aria-label="Advertisement">
      <AdInsert placement="stickyFooter" {...ad} />
      <button
        type="button"
        className={classes.close}
        onClick={() => setClosed(true)}
        aria-label="Close advertisement"
      >
        ×
      </button>
    </aside>
  );
}
