import { t } from '../../i18n/i18n';
import type { PublicSettings } from '@app/contracts';
import { twitterProfileUrl } from '@app/contracts/community';
import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { HomeSection } from '../../components/home-section';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { track, trackOnClick } from '../../lib/site-analytics';
import classes from './community-section.module.css';

// Loaded on the first Subscribe: visitors who never sign up do not download the form.
const NewsletterDialog = lazy(() =>
  import('../../features/newsletter/components/newsletter-dialog').then((m) => ({
    default: m.NewsletterDialog,
  })),
);

interface CommunityCard {
  id: 'discord' | 'twitter' | 'newsletter';
  title: string;
  text: string;
  action: string;
  message: string;
  /** Where the button goes (a new tab); '' keeps the default console message (the Newsletter's opens its form). */
  href: string;
}

/** The three cards as the settings describe them (issue 14); the defaults are the product's texts, without links. */
export function communityCards(settings: PublicSettings): CommunityCard[] {
  return [
    {
      id: 'discord',
      title: settings.communityDiscordTitle,
      text: settings.communityDiscordDescription,
      action: t('community.join'),
      message: 'Join Discord clicked',
      href: settings.discordInviteUrl,
    },
    {
      id: 'twitter',
      title: settings.communityTwitterTitle,
      text: settings.communityTwitterDescription,
      action: t('community.follow'),
      message: 'Follow on Twitter clicked',
      href: twitterProfileUrl(settings.twitterHandle),
    },
    {
      id: 'newsletter',
      title: settings.communityNewsletterTitle,
      text: settings.communityNewsletterDescription,
      action: t('action.subscribe'),
      message: 'Newsletter subscribe clicked',
      // The default console message, and the sign-up form (issue 14).
      href: '',
    },
  ];
}

/**
 * Join the Community (anchor `about`). A card whose link is set opens it in a new tab; one without keeps
 * The default behaviour: the button only writes a console message. Subscribe writes its message too and opens
 * the newsletter's sign-up form (issue 14).
 */
export function CommunitySection() {
  const { settings } = usePublicSettings();
  /** null until the first Subscribe; then the form stays mounted so it can close smoothly. */
  const [newsletterOpen, setNewsletterOpen] = useState<boolean | null>(null);
  return (
    <HomeSection id="about" title={t('community.title')}>
      <ul className={classes.grid}>
        {communityCards(settings).map(({ id, title, text, action, message, href }) => (
          <li key={id} className={classes.card} data-community={id}>
            <span className={classes.icon} aria-hidden>
              {id === 'newsletter' ? (
                <IconMail size={28} />
              ) : (
                <span className={`${classes.logo} ${classes[id]}`} />
              )}
            </span>
            <h3 className={classes.title}>{title}</h3>
            <p className={classes.text}>{text}</p>
            {href ? (
              <Button
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                {...trackOnClick({ kind: 'community_click', card: id })}
                radius="xl"
                variant="default"
                aria-label={t('community.opensInNewTab', { action, title })}
              >
                {action}
              </Button>
            ) : (
              <Button
                radius="xl"
                variant="default"
                onClick={() => {
                  // eslint-disable-next-line no-console -- the product's rule: the button logs (and is counted)
                  console.log(message);
                  track({ kind: 'community_click', card: id });
                  if (id === 'newsletter') setNewsletterOpen(true);
                }}
                aria-haspopup={id === 'newsletter' ? 'dialog' : undefined}
                aria-label={`${action}: ${title}`}
              >
                {action}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {newsletterOpen !== null ? (
        <Suspense fallback={null}>
          <NewsletterDialog
            opened={newsletterOpen}
            onClose={() => setNewsletterOpen(false)}
            title={settings.communityNewsletterTitle}
          />
        </Suspense>
      ) : null}
    </HomeSection>
  );
}
