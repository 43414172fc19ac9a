import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Analytics } from '../features/analytics/analytics';
import { ConsentBanner } from '../features/consent/consent-banner';
import { useSiteDesign } from '../features/settings/use-site-design';
import { WatchPage } from '../features/videos/components/watch-page';
import { createQueryClient } from '../lib/query-client';
import { SiteFooter } from './home/site-footer';
import { AppProviders } from './providers';
import { PublicLayout } from './public-layout';

/** A watch page in the site's frame; its head comes from the server (the page model's `head`, `GET /api/page`). */
export function PublicWatch({ videoId }: { videoId: string }) {
  useSiteDesign();
  return (
    <PublicLayout footer={<SiteFooter />} onHome={false}>
      <Analytics />
      <WatchPage videoId={videoId} />
      <ConsentBanner />
    </PublicLayout>
  );
}

/** The entry of `/videos/{id}`, like `HomeApp` for `/`: no router, no admin, no toast host. */
export function WatchApp({ videoId, queryClient: given }: { videoId: string; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient} publicSite>
      <PublicWatch videoId={videoId} />
    </AppProviders>
  );
}
