import type { PublicSettings } from '@app/contracts';
import { pageHead, siteIcon } from '@app/contracts/page-head';
import { useEffect } from 'react';
import { usePublicSettings } from '../api/get-public-settings';

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

/**
 * Writes the SEO settings into the document head: title, description, keywords, social cards, favicon, feed, the
 * search's description.
 * The web server already sent the same tags (the page model's `head`); this keeps them current after a change.
 */
export function applyHead(settings: PublicSettings, origin = window.location.origin): void {
  const head = pageHead(settings, origin);
  document.title = head.title;
  for (const { attribute, key, content } of head.meta) setMeta(attribute, key, content);
  setLink('link[rel="icon"]', { rel: 'icon', ...siteIcon(settings.faviconImage) });
  setLink(
    'link[rel="alternate"][type="application/rss+xml"]',
    head.feed ? { rel: 'alternate', type: 'application/rss+xml', ...head.feed } : null,
  );
  setLink('link[rel="search"]', { rel: 'search', ...head.search });
}

export function DocumentHead() {
  const { settings } = usePublicSettings();
  useEffect(() => applyHead(settings), [settings]);
  return null;
}
