import type { PublicSettings } from '@app/contracts';
import { useEffect } from 'react';
import { usePublicSettings } from '../api/get-public-settings';

export const DEFAULT_TITLE = 'Channel';
export const DEFAULT_DESCRIPTION = 'Videos, playlists and community of the channel.';
const DEFAULT_FAVICON = '/favicon.svg';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function setLink(selector: string, attributes: Record<string, string> | null): void {
  let element = document.head.querySelector<HTMLLinkElement>(selector);
  if (!attributes) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('link');
    document.head.appendChild(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

const mimeOfDataUrl = (url: string) => /^data:([^;,]+)/.exec(url)?.[1] ?? 'image/png';

/** Writes the SEO settings into the document head: title, description, keywords, social cards, favicon, feed. */
export function applyHead(settings: PublicSettings, origin = window.location.origin): void {
  const title = settings.siteTitle || DEFAULT_TITLE;
  const description = settings.siteDescription || DEFAULT_DESCRIPTION;
  const handle = settings.twitterHandle ? `@${settings.twitterHandle.replace(/^@/, '')}` : '';
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'keywords', settings.metaKeywords);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', title);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', `${origin}/`);
  setMeta('property', 'og:image', settings.ogImage);
  setMeta('name', 'twitter:card', settings.ogImage ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:site', handle);
  setMeta('name', 'twitter:creator', handle);
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  setMeta('name', 'twitter:image', settings.ogImage);
  setLink(
    'link[rel="icon"]',
    settings.faviconImage
      ? { rel: 'icon', href: settings.faviconImage, type: mimeOfDataUrl(settings.faviconImage) }
      : { rel: 'icon', href: DEFAULT_FAVICON, type: 'image/svg+xml' },
  );
  setLink(
    'link[rel="alternate"][type="application/rss+xml"]',
    settings.enableRSS
      ? { rel: 'alternate', type: 'application/rss+xml', href: '/rss.xml', title: `${title} videos` }
      : null,
  );
}

export function DocumentHead() {
  const { settings } = usePublicSettings();
  useEffect(() => applyHead(settings), [settings]);
  return null;
}
