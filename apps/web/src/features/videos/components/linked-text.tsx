import { type SponsorLink, sponsorOfLink } from '@app/contracts/sponsor-links';
import { Fragment } from 'react';
import { trackOnClick } from '../../../lib/site-analytics';

/** An http(s) address in free text, up to the next space or a closing bracket or punctuation at its end. */
const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/g;

/** Text parts and the http(s) addresses in it; nothing else (`javascript:`, `data:`) ever becomes a link. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    let href: string | undefined;
    try {
      const url = new URL(match[0]);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.toString();
    } catch {
      href = undefined;
    }
    parts.push(href ? { text: match[0], href } : { text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A video's description as written (line breaks kept by CSS), its web addresses as links that open in a new tab
 * and carry no weight or referrer (`ugc nofollow`: the text comes from YouTube, not from this site). A link that is
 * the sponsor's link of a deal naming the video (`sponsorLinks`) counts its clicks for the deal's report
 * (`sponsor_click`, first-party and cookieless: site-analytics.ts), before the app has started too.
 */
export function LinkedText({
  text,
  sponsorLinks = [],
}: {
  text: string;
  sponsorLinks?: readonly SponsorLink[];
}) {
  return (
    <>
      {splitLinks(text).map((part, i) => {
        if (!part.href) return <Fragment key={i}>{part.text}</Fragment>;
        const sponsor = sponsorOfLink(part.href, sponsorLinks);
        return (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="ugc nofollow noopener noreferrer"
            {...(sponsor && trackOnClick({ kind: 'sponsor_click', sponsorId: sponsor.sponsorId }))}
          >
            {part.text}
          </a>
        );
      })}
    </>
  );
}
