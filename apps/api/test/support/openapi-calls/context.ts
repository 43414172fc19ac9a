import type { AdminSessions } from '@app/contracts';
import type { NewsletterLinkPurpose } from '../../../src/newsletter/newsletter-links';
import { NewsletterService } from '../../../src/newsletter/newsletter.service';
import { SoftAuthenticator } from '../soft-authenticator';
import type { TestApp } from '../test-app';

/**
 * What the OpenAPI suite's calls (the files beside this one, one per part of the API) share: a call's shape, and the
 * context a later call reads an earlier one's answer from.
 */

/**
 * `pending`: a fresh client that passed the password step while two-factor sign-in is on. `browser`: a visitor
 * that keeps its cookie from call to call (a passkey sign-in takes two).
 */
export type Who = 'visitor' | 'admin' | 'pending' | 'browser';
export interface Call {
  /** `method /router/path` as Express registered it. */
  route: string;
  status: number;
  as?: Who;
  /** The concrete URL, when it differs from the route's path. */
  url?: string | (() => string);
  body?: unknown | (() => unknown);
  headers?: Record<string, string>;
}

/** The Host the passkey calls name: the passkey's origin. */
export const SITE_HOST = { Host: 'site.example' };
/** An unsubscribe the site asked the WebSub hub for, waiting for its verification (stored before the calls). */
export const WEBSUB_ASKED = {
  token: 'a'.repeat(48),
  mode: 'unsubscribe',
  topic: 'https://www.youtube.com/xml/feeds/videos.xml?channel_id=UCold',
  leaseSeconds: null,
} as const;

/** The state the calls pass on, in order: the answers kept, the passkey, links made by the app. */
export class CallContext {
  /** Answers kept for later calls (ids to feature and pin, the backup to import back), by route. */
  readonly seen: Record<string, unknown> = {};
  /** The passkey registered and used by the calls; its origin is the Host they name. */
  readonly passkey = new SoftAuthenticator('http://site.example');

  constructor(private readonly app: () => TestApp) {}

  readonly firstId = (key: string): string => (this.seen[key] as { id: string }[])[0].id;

  readonly otherSessionId = (): string =>
    (this.seen['get /api/auth/sessions'] as AdminSessions).sessions.find((session) => !session.current)!.id;

  /** `sponsor-reports/{token}` of the report link made by the calls. */
  readonly reportToken = (): string =>
    new URL(
      (this.seen['post /api/admin/sponsorships/:id/report-links'] as { url: string }).url,
    ).pathname.slice(1);

  readonly recoveryCode = (key: string, i: number): string =>
    (this.seen[key] as { recoveryCodes: string[] }).recoveryCodes[i];

  /** The path and query of a signed newsletter link, as the site's e-mails carry it. */
  readonly newsletterLink = (purpose: NewsletterLinkPurpose, email: string): string => {
    const url = new URL(this.app().app.get(NewsletterService).linkUrl(purpose, email));
    return `${url.pathname}${url.search}`;
  };
}
