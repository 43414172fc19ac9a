import { t, type MessageKey } from '../../i18n/i18n';
import { siteName } from '@app/contracts/page-head';
import { Container } from '@mantine/core';
import { IconRss, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import iconClasses from '../../components/icon-button.module.css';
import classes from '../public-layout.module.css';
import { setConsent } from '../../lib/consent';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import dialogClasses from './site-footer.module.css';

type LegalKey = 'privacyPolicyContent' | 'termsOfServiceContent' | 'disclosuresContent';
const LEGAL: { key: LegalKey; label: MessageKey }[] = [
  { key: 'privacyPolicyContent', label: 'footer.privacy' },
  { key: 'termsOfServiceContent', label: 'footer.terms' },
  { key: 'disclosuresContent', label: 'footer.disclosures' },
];

/** Footer: copyright, the legal texts the admin wrote (in a dialog), the feed, the cookie choice. */
export function SiteFooter() {
  const { settings } = usePublicSettings();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<(typeof LEGAL)[number] | null>(null);
  const show = (item: (typeof LEGAL)[number]) => {
    setOpen(item);
    dialog.current?.showModal();
  };
  const name = siteName(settings.siteTitle);
  return (
    <footer className={classes.footer}>
      <Container size="xl" className={classes.footerInner}>
        <span>
          © {new Date().getFullYear()} {name}
        </span>
        <div className={classes.footerLinks}>
          {LEGAL.filter(({ key }) => settings[key].trim()).map((item) => (
            <button key={item.key} type="button" className={classes.footerLink} onClick={() => show(item)}>
              {t(item.label)}
            </button>
          ))}
          {settings.enableGDPRBanner && (
            <button type="button" className={classes.footerLink} onClick={() => setConsent(null)}>
              {t('footer.cookieSettings')}
            </button>
          )}
          {settings.enableRSS && (
            <a href="/rss.xml" className={classes.footerLink}>
              <IconRss size={14} aria-hidden /> RSS
            </a>
          )}
        </div>
      </Container>
      <dialog
        ref={dialog}
        className={dialogClasses.dialog}
        aria-labelledby="legal-title"
        onClose={() => setOpen(null)}
      >
        <div className={dialogClasses.header}>
          <h2 id="legal-title" className={dialogClasses.title}>
            {open ? t(open.label) : null}
          </h2>
          <button
            type="button"
            className={iconClasses.iconButton}
            onClick={() => dialog.current?.close()}
            aria-label={t('action.close')}
          >
            <IconX size={20} aria-hidden />
          </button>
        </div>
        <div className={dialogClasses.body}>{open ? settings[open.key] : null}</div>
      </dialog>
    </footer>
  );
}
