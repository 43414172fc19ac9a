import { t, type MessageKey } from '../../i18n/i18n';
import { drawHeroVariant, type HeroVariant } from '@app/contracts/hero';
import { Button, Container, Text, Title } from '@mantine/core';
import { IconBrandYoutubeFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { scrollToSection } from '../../lib/scroll';
import { track, trackHeroImpression, trackOnClick } from '../../lib/site-analytics';
import { subscribeUrl, youtubeVideoId } from '../../lib/youtube';
import { ChannelStats } from '../../features/channel/components/channel-stats';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import classes from './hero.module.css';

/** The catalogue's keys of each headline. */
export const HERO_VARIANTS = {
  A: { title: 'hero.a.title', subtitle: 'hero.a.subtitle' },
  B: { title: 'hero.b.title', subtitle: 'hero.b.subtitle' },
} as const satisfies Record<HeroVariant, { title: MessageKey; subtitle: MessageKey }>;

export type { HeroVariant };

/**
 * Picks headline A or B, 50/50 on each page load. The page's inline script draws it
 * before the first paint (so the prerendered headline is already the right one) and leaves it
 * on `<html data-hero>`; without it, it is drawn here.
 */
export function pickHeroVariant(random: () => number = Math.random): HeroVariant {
  const drawn = typeof document === 'undefined' ? undefined : document.documentElement.dataset.hero;
  if (drawn === 'A' || drawn === 'B') return drawn;
  return drawHeroVariant(random);
}

/**
 * The hero's background video: a video file. A YouTube address is neither played nor shown as its thumbnail (nothing
 * is asked of YouTube before a click): the hero keeps its gradient.
 */
function heroVideo(url: string): boolean {
  return !!url && youtubeVideoId(url) === null;
}

/** How often the watch button was pressed on this page (counted and logged). */
let watchClicks = 0;

function HeroBackground() {
  const { settings } = usePublicSettings();
  const { heroBackgroundType: type, heroImage, heroVideoUrl } = settings;
  if (type === 'image' && heroImage) {
    return (
      <div className={classes.media} aria-hidden>
        <img src={heroImage} alt="" className={classes.mediaFill} fetchPriority="high" />
      </div>
    );
  }
  if (type === 'video' && heroVideo(heroVideoUrl)) {
    // A video file plays muted in a loop.
    return (
      <div className={classes.media} aria-hidden>
        <video
          className={classes.mediaFill}
          src={heroVideoUrl}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
        />
      </div>
    );
  }
  return null;
}

/** What the prerendered page shows: both headlines, CSS keeps the one `<html data-hero>` names. */
function Headline({ variant, both }: { variant: HeroVariant; both: boolean }) {
  const shown: HeroVariant[] = both ? ['A', 'B'] : [variant];
  return (
    <>
      {shown.map((v) => (
        <div key={v} className={classes.headline} data-headline={both ? v : undefined}>
          <Title order={1} className={classes.title}>
            {t(HERO_VARIANTS[v].title)}
          </Title>
          <Text className={classes.subtitle}>{t(HERO_VARIANTS[v].subtitle)}</Text>
        </div>
      ))}
    </>
  );
}

export function Hero({ prerender = false }: { prerender?: boolean }) {
  const [variant] = useState(pickHeroVariant);
  // The server's HTML carries both headlines (the draw happens in the browser); the one drawn stays after hydration.
  const hydrated = useHydrated();
  const both = prerender || !hydrated;
  const { settings } = usePublicSettings();
  const clicks = useRef(watchClicks);
  const type = settings.heroBackgroundType;
  const hasMedia =
    (type === 'image' && !!settings.heroImage) || (type === 'video' && heroVideo(settings.heroVideoUrl));

  useEffect(() => {
    // One impression per page load: the boot script counts it at once on a server-rendered `/`, before the app starts.
    if (!prerender) trackHeroImpression(variant);
  }, [prerender, variant]);

  const watch = () => {
    watchClicks += 1;
    clicks.current = watchClicks;
    // The watch button counts its clicks and logs them.
    // eslint-disable-next-line no-console
    console.log(`Watch button clicked ${watchClicks} time${watchClicks === 1 ? '' : 's'}`);
    track({ kind: 'hero_click', variant });
    scrollToSection('videos');
  };

  return (
    <section
      id="home"
      className={classes.root}
      data-variant={both ? undefined : variant}
      data-background={hasMedia ? type : 'gradient'}
      aria-label={t('hero.label')}
    >
      <HeroBackground />
      <Container size="lg" className={classes.inner}>
        <Headline variant={variant} both={both} />
        <div className={classes.buttons}>
          <Button
            size="lg"
            radius="xl"
            leftSection={<IconPlayerPlayFilled size={18} aria-hidden />}
            onClick={watch}
          >
            {t('hero.watch')}
          </Button>
          <Button
            component="a"
            href={subscribeUrl(settings.channelId, settings.siteTitle)}
            target="_blank"
            rel="noopener noreferrer"
            {...trackOnClick({ kind: 'subscribe_click', where: 'hero' })}
            size="lg"
            radius="xl"
            variant="default"
            leftSection={<IconBrandYoutubeFilled size={20} color="var(--app-primary)" aria-hidden />}
          >
            {t('action.subscribe')}
          </Button>
        </div>
        <ChannelStats showSubscribers={settings.showSubscriberCount} />
      </Container>
    </section>
  );
}
