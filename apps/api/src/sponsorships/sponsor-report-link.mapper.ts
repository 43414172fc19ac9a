import { type SponsorReportLink, sponsorReportPath } from '@app/contracts';
import type { SignedReportLink } from './sponsor-report-links.service';

/** A link as the dashboard lists it: its address on the site's `origin` while it works. */
export function toSponsorReportLink({ link, token }: SignedReportLink, origin: string): SponsorReportLink {
  return {
    id: link.id,
    sponsorshipId: link.sponsorshipId,
    url: token === null ? null : new URL(sponsorReportPath(token), `${origin}/`).href,
    createdAt: link.createdAt.toISOString(),
    revokedAt: link.revokedAt ? link.revokedAt.toISOString() : null,
  };
}
