import { t } from '../../i18n/i18n';
import { siteName } from '@app/contracts/page-head';
import { Container } from '@mantine/core';
import { IconBellRinging, IconBrandYoutubeFilled } from '@tabler/icons-react';
import { trackOnClick } from '../../lib/site-analytics';
import { subscribeUrl } from '../../lib/youtube';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import classes from './subscribe-banner.module.css';

/** The subscribe banner: the whole banner links to the channel's subscribe page in a new tab. */
export function SubscribeBanner() {
  const { settings } = usePublicSettings();
  const name = siteName(settings.siteTitle);
  return (
    <section className={classes.section} aria-label={t('action.subscribe')}>
      <Container size="xl">
        <a
          href={subscribeUrl(settings.channelId, settings.siteTitle)}
          target="_blank"
          rel="noopener noreferrer"
          {...trackOnClick({ kind: 'subscribe_click', where: 'banner' })}
          className={classes.banner}
          data-testid="subscribe-banner"
        >
          <span className={classes.art} aria-hidden>
            <IconBrandYoutubeFilled size={72} />
          </span>
          <span className={classes.text}>
            <span className={classes.heading}>{t('banner.heading')}</span>
            <span className={classes.sub}>{t('banner.text', { name })}</span>
          </span>
          <span className={classes.cta}>
            <IconBellRinging size={18} aria-hidden />
            {t('action.subscribe')}
          </span>
        </a>
      </Container>
    </section>
  );
}
