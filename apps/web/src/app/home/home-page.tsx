import { PublicLayout } from '../public-layout';
import { AdUnit, StickyFooterAd } from '../../features/ads/ad-unit';
import { Analytics } from '../../features/analytics/analytics';
import { ConsentBanner } from '../../features/consent/consent-banner';
import { PlaylistsSection } from '../../features/playlists/components/playlists-section';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { DocumentHead } from '../../features/settings/components/document-head';
import { useSiteDesign } from '../../features/settings/use-site-design';
import { FeaturedVideo } from '../../features/videos/components/featured-video';
import { LatestVideos } from '../../features/videos/components/latest-videos';
import { LiveBanner } from '../../features/videos/components/live-banner';
import { CommunitySection } from './community-section';
import { Hero } from './hero';
import { SiteFooter } from './site-footer';
import { SubscribeBanner } from './subscribe-banner';

/**
 * The public home page in the SPEC's order: hero, featured video, latest videos, subscribe
 * banner, featured playlists, join the community; each optional section as the settings say. Above
 * them, only while the channel is live or has a stream scheduled, the live banner (issue 17).
 */
export function HomePage({ prerender = false }: { prerender?: boolean }) {
  useSiteDesign();
  const { settings } = usePublicSettings();
  return (
    <>
      <DocumentHead />
      <Analytics />
      {!prerender && <LiveBanner />}
      <Hero prerender={prerender} />
      <AdUnit placement="topBanner" />
      {settings.showFeaturedVideo && <FeaturedVideo />}
      <LatestVideos />
      <AdUnit placement="inContent" />
      <SubscribeBanner />
      {settings.showPlaylistSection && <PlaylistsSection />}
      {settings.showCommunitySection && <CommunitySection />}
      <StickyFooterAd />
      <ConsentBanner />
    </>
  );
}

/** The page with its top bar and footer. */
export function PublicHome({ prerender = false }: { prerender?: boolean }) {
  return (
    <PublicLayout footer={<SiteFooter />}>
      <HomePage prerender={prerender} />
    </PublicLayout>
  );
}
