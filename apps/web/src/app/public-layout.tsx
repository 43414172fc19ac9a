import { t } from '../i18n/i18n';
import { siteName } from '@app/contracts/page-head';
import { ADMIN_PATH } from '@app/contracts/watch';
import { Container } from '@mantine/core';
import { IconBrandYoutubeFilled, IconMenu2, IconShieldLock, IconX } from '@tabler/icons-react';
import { useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import iconClasses from '../components/icon-button.module.css';
import { SiteSearch } from '../components/site-search';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { scrollToSection } from '../lib/scroll';
import classes from './public-layout.module.css';

export interface NavItem {
  id: 'home' | 'videos' | 'playlists' | 'about';
  label: string;
}

/** The top bar's sections; a section the settings hide has no link either. */
export function useNavItems(): NavItem[] {
  const { settings } = usePublicSettings();
  const items: NavItem[] = [
    { id: 'home', label: t('nav.home') },
    { id: 'videos', label: t('nav.videos') },
  ];
  if (settings.showPlaylistSection) items.push({ id: 'playlists', label: t('nav.playlists') });
  if (settings.showCommunitySection) items.push({ id: 'about', label: t('nav.about') });
  return items;
}

function onSectionLink(event: MouseEvent<HTMLAnchorElement>, id: string, before?: () => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  before?.();
  scrollToSection(id);
}

/** On `/` a section link scrolls to its section; on another page (a watch page) it opens `/` at that section. */
const sectionHref = (id: string, onHome: boolean) => (onHome ? `#${id}` : `/#${id}`);

function Logo({ onHome }: { onHome: boolean }) {
  const { settings } = usePublicSettings();
  const name = siteName(settings.siteTitle);
  return (
    <a
      href={onHome ? '#home' : '/'}
      className={classes.logo}
      onClick={onHome ? (e) => onSectionLink(e, 'home') : undefined}
      aria-label={t('nav.homeLink', { name })}
    >
      {settings.logoImage ? (
        <img src={settings.logoImage} alt="" className={classes.logoImage} />
      ) : (
        <IconBrandYoutubeFilled size={32} color="var(--app-primary)" aria-hidden />
      )}
      <span>{name}</span>
    </a>
  );
}

/** The right-side slide-out menu of small screens: a modal `<dialog>` (focus kept inside, Esc closes). */
function MobileMenu({
  items,
  menuRef,
  onHome,
}: {
  items: NavItem[];
  menuRef: RefObject<HTMLDialogElement | null>;
  onHome: boolean;
}) {
  const close = () => menuRef.current?.close();
  return (
    <dialog
      ref={menuRef}
      id="mobile-menu"
      className={classes.menu}
      aria-label={t('nav.menu')}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className={classes.menuHeader}>
        <span>Menu</span>
        <button
          type="button"
          className={iconClasses.iconButton}
          onClick={close}
          aria-label={t('nav.closeMenu')}
        >
          <IconX size={22} aria-hidden />
        </button>
      </div>
      <nav aria-label={t('nav.sections')}>
        <ul className={classes.menuList}>
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={sectionHref(item.id, onHome)}
                className={classes.menuLink}
                onClick={onHome ? (e) => onSectionLink(e, item.id, close) : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <a href={ADMIN_PATH} className={classes.menuLink}>
              <IconShieldLock size={18} aria-hidden />
              Admin
            </a>
          </li>
        </ul>
      </nav>
    </dialog>
  );
}

/**
 * Shell of the public pages: the fixed top bar (logo, sections, the site search, Admin) above the page, then the
 * footer. `onHome`: the page is `/`
 * (its section links scroll); else they lead to `/` and its sections.
 */
export function PublicLayout({
  children,
  footer,
  onHome = true,
}: {
  children: ReactNode;
  footer?: ReactNode;
  onHome?: boolean;
}) {
  const items = useNavItems();
  const menuRef = useRef<HTMLDialogElement>(null);
  return (
    <>
      <header className={classes.header}>
        <Container size="xl" className={classes.bar}>
          <Logo onHome={onHome} />
          <nav aria-label={t('nav.main')} className={classes.nav}>
            {items.map((item) => (
              <a
                key={item.id}
                href={sectionHref(item.id, onHome)}
                className={classes.navLink}
                onClick={onHome ? (e) => onSectionLink(e, item.id) : undefined}
              >
                {item.label}
              </a>
            ))}
          </nav>
          <div className={classes.actions}>
            <SiteSearch />
            {/* A plain link: the admin area is another entry of the app, loaded only there. */}
            <a
              href={ADMIN_PATH}
              className={iconClasses.iconButton}
              aria-label={t('nav.admin')}
              title={t('nav.admin')}
            >
              <IconShieldLock size={20} aria-hidden />
            </a>
            <button
              type="button"
              className={`${iconClasses.iconButton} ${classes.burger}`}
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-controls="mobile-menu"
              onClick={() => menuRef.current?.showModal()}
            >
              <IconMenu2 size={24} aria-hidden />
            </button>
          </div>
        </Container>
      </header>
      <MobileMenu items={items} menuRef={menuRef} onHome={onHome} />
      <main className={classes.main}>{children}</main>
      {footer}
    </>
  );
}
