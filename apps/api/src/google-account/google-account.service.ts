import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type GoogleDisconnectResult, GOOGLE_RETURN_PATH, GOOGLE_SCOPES } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { AuditActor } from '../audit/audit-actor';
import { SYSTEM_ACTOR } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { type OutboundPolicy, outboundFetch, outboundPolicy } from '../common/outbound/outbound-http';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { EmailService } from '../notifications/email.service';
import { SettingsService } from '../settings/settings.service';
import { GoogleAccountStore, type StoredAccount } from './google-account-store';
import { revokeToken } from './google-api';
import { type GoogleEndpoints, googleEndpoints } from './google-endpoints';
import { channelLabel, GOOGLE_MESSAGES } from './google-messages';
import { GoogleOAuthError, type OAuthClientConfig, oauthClient, refreshAccess } from './google-oauth';
import { renderReconnectEmail } from './reconnect-email';

/** Why no access token can be had: nothing connected, a new consent needed, no OAuth client set, Google unreachable. */
export class GoogleAccountUnavailableError extends Error {
  constructor(
    readonly reason: 'not-connected' | 'reconnect-needed' | 'not-configured' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'GoogleAccountUnavailableError';
  }
}

/** An access token for the connected account, and what it may read. */
export interface GoogleAccess {
  accessToken: string;
  scopes: string[];
  /** The channel the account manages (`channel==MINE` in a report is this one). */
  channelId: string;
  /** The revenue scope is granted. */
  revenue: boolean;
  /** Epoch ms. */
  expiresAt: number;
}

/** What another module does when an account is connected (or reconnected), and once it is disconnected. */
export interface GoogleAccountListener {
  connected?(): void;
  disconnected?(): Promise<void>;
}

/** An access token is renewed this long before Google says it expires. */
const EARLY_MS = 60_000;

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The owner's connected Google account: its state, an access token for whoever reads YouTube Analytics (`access()`:
 * refreshed when needed; a refresh Google refuses turns the card to Reconnect needed and e-mails the owner), and
 * disconnecting (revoked at Google, then deleted). Access tokens live in this process's memory only.
 */
@Injectable()
export class GoogleAccountService implements OnApplicationBootstrap {
  private readonly logger = new Logger(GoogleAccountService.name);
  readonly endpoints: GoogleEndpoints;
  readonly policy: OutboundPolicy;
  private cached: (GoogleAccess & { refreshFingerprint: string }) | undefined;
  private readonly listeners: GoogleAccountListener[] = [];

  constructor(
    private readonly store: GoogleAccountStore,
    private readonly settings: SettingsService,
    private readonly email: EmailService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(ENV) env: Env,
  ) {
    this.endpoints = googleEndpoints(env);
    this.policy = outboundPolicy(env);
  }

  /** Seals the stored token again if an older key sealed it (a rotation), before anyone asks for it. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.store.find();
    } catch (error) {
      this.logger.warn(`Could not check the stored Google account: ${(error as Error).message}`);
    }
  }

  find(): Promise<StoredAccount | null> {
    return this.store.find();
  }

  /** The OAuth client of the settings (or the environment), or null while its ID or secret is missing. */
  async oauthConfig(): Promise<OAuthClientConfig | null> {
    const { googleOAuthClientId: clientId, googleOAuthClientSecret: clientSecret } =
      await this.settings.getMany(['googleOAuthClientId', 'googleOAuthClientSecret']);
    if (!clientId || !clientSecret) return null;
    return { clientId, clientSecret, endpoints: this.endpoints, fetch: outboundFetch(this.policy) };
  }

  /**
   * An access token for the connected account: the last one while it has more than a minute left (`fresh` asks for a
   * new one, say after a 401), else a new one from the refresh token. Throws GoogleAccountUnavailableError.
   */
  async access(options: { fresh?: boolean } = {}): Promise<GoogleAccess> {
    const stored = await this.store.find();
    if (!stored) throw new GoogleAccountUnavailableError('not-connected', GOOGLE_MESSAGES.notConnected);
    if (stored.row.state !== 'connected') {
      throw new GoogleAccountUnavailableError(
        'reconnect-needed',
        stored.row.problem ?? GOOGLE_MESSAGES.keyLost,
      );
    }
    if (!stored.refreshToken) {
      await this.reconnectNeeded(GOOGLE_MESSAGES.keyLost);
      throw new GoogleAccountUnavailableError('reconnect-needed', GOOGLE_MESSAGES.keyLost);
    }
    const refreshFingerprint = fingerprint(stored.refreshToken);
    const cached = this.cached;
    if (
      !options.fresh &&
      cached?.refreshFingerprint === refreshFingerprint &&
      cached.expiresAt - EARLY_MS > this.clock.now()
    ) {
      return cached;
    }
    const config = await this.oauthConfig();
    if (!config) throw new GoogleAccountUnavailableError('not-configured', GOOGLE_MESSAGES.clientMissing);
    try {
      const tokens = await refreshAccess(await oauthClient(config), stored.refreshToken);
      const scopes = tokens.scopes.length ? tokens.scopes : stored.row.scopes.split(' ');
      this.cached = {
        accessToken: tokens.accessToken,
        scopes,
        channelId: stored.row.channelId,
        revenue: scopes.includes(GOOGLE_SCOPES.revenue),
        expiresAt: tokens.expiresAt,
        refreshFingerprint,
      };
      return this.cached;
    } catch (error) {
      if (error instanceof GoogleOAuthError && error.grantGone) {
        const problem = GOOGLE_MESSAGES.grantGone(error);
        await this.reconnectNeeded(problem);
        throw new GoogleAccountUnavailableError('reconnect-needed', problem);
      }
      const detail = error instanceof Error ? error.message : String(error);
      throw new GoogleAccountUnavailableError('unreachable', GOOGLE_MESSAGES.unreachable(detail));
    }
  }

  /**
   * Revokes the grant at Google (best effort: the row goes whatever Google answers), deletes the row, then tells the
   * listeners (the YouTube Analytics import deletes what it read through the grant).
   */
  async disconnect(who: AuditActor): Promise<GoogleDisconnectResult> {
    const stored = await this.store.find();
    if (!stored) return { revoked: false, message: GOOGLE_MESSAGES.notConnected };
    let result: GoogleDisconnectResult;
    try {
      if (!stored.refreshToken) throw new Error('the stored access cannot be read');
      const outcome = await revokeToken(this.endpoints, stored.refreshToken, this.policy);
      result =
        outcome === 'revoked'
          ? { revoked: true, message: GOOGLE_MESSAGES.disconnected }
          : { revoked: false, message: GOOGLE_MESSAGES.disconnectedAlreadyRevoked };
    } catch (error) {
      result = { revoked: false, message: GOOGLE_MESSAGES.disconnectedUnrevoked((error as Error).message) };
    }
    await this.store.remove();
    this.cached = undefined;
    for (const listener of this.listeners) {
      await listener.disconnected?.().catch((error: Error) => {
        this.logger.warn(`After disconnecting Google: ${error.message}`);
      });
    }
    const channel = channelLabel(stored.row.channelId, stored.row.channelTitle);
    await this.audit.record(
      'google-disconnected',
      who,
      `${channel}; ${result.revoked ? 'revoked at Google' : 'not revoked at Google'}`,
    );
    return result;
  }

  /** Forgets the access token of this process (a new connection replaced the grant). */
  forgetAccess(): void {
    this.cached = undefined;
  }

  /** Tells `listener` of every connection and disconnection from now on. */
  listen(listener: GoogleAccountListener): void {
    this.listeners.push(listener);
  }

  /** A new grant was stored: this process's access token is forgotten, and the listeners are told. */
  connected(): void {
    this.forgetAccess();
    for (const listener of this.listeners) listener.connected?.();
  }

  /** Turns the card to Reconnect needed; the first time, records it and e-mails the owner when e-mail is set up. */
  private async reconnectNeeded(problem: string): Promise<void> {
    this.cached = undefined;
    if (!(await this.store.markReconnectNeeded(problem))) return;
    this.logger.warn(`Google account: reconnect needed (${problem})`);
    await this.audit.record('google-reconnect-needed', SYSTEM_ACTOR, problem);
    try {
      const { notificationEmail, contactEmail } = await this.settings.getMany([
        'notificationEmail',
        'contactEmail',
      ]);
      const to = notificationEmail || contactEmail;
      if (!to || !(await this.email.canSend())) return;
      const siteName = await this.settings.siteName();
      await this.email.send({
        to,
        ...renderReconnectEmail({
          siteName,
          problem,
          dashboardUrl: `${this.email.linkOrigin}${GOOGLE_RETURN_PATH}`,
        }),
      });
    } catch (error) {
      this.logger.warn(
        `Could not e-mail the owner that Google needs reconnecting: ${(error as Error).message}`,
      );
    }
  }
}
