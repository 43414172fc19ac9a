import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Analytics } from '../features/analytics/analytics';
import { ConsentBanner } from '../features/consent/consent-banner';
import { SearchPage } from '../features/search/components/search-page';
import { useSiteDesign } from '../features/settings/use-site-design';
import { createQueryClient } from '../lib/query-client';
import { SiteFooter } from './home/site-footer';
import { AppProviders } from './providers';
import { PublicLayout } from './public-layout';

/** The search page in the site's frame; its head comes from the server (the page model's `head`, `GET /api/page`). */
function PublicSearch({ q, offset }: { q: string; offset: number }) {
  useSiteDesign();
  return (
    <PublicLayout footer={<SiteFooter />} onHome={false}>
      <Analytics />
      <SearchPage q={q} offset={offset} />
      <ConsentBanner />
    </PublicLayout>
  );
}

/** The entry of `/search?q=`, like `WatchApp` for a watch page: no router, no admin, no toast host. */
export function SearchApp({
  q,
  offset,
  queryClient: given,
}: {
  q: string;
  offset: number;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient} publicSite>
      <PublicSearch q={q} offset={offset} />
    </AppProviders>
  );
}
