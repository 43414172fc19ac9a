import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_RETURN_PATH,
  GOOGLE_SCOPES,
  type GoogleAccountStatus,
  type GoogleAuthorization,
  REQUIRED_GOOGLE_SCOPES,
} from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { siteOrigin } from '../public-pages/site-url';
import { SettingsService } from '../settings/settings.service';
import { YOUTUBE_MESSAGES } from '../youtube/youtube-config';
import { matchPending, newState, type PendingConnect } from './connect-session';
import { GoogleAccountStore } from './google-account-store';
import { toGoogleAccountStatus } from './google-account.mapper';
import { GoogleAccountService } from './google-account.service';
import { GoogleApiError, ownChannel } from './google-api';
import { channelLabel, GOOGLE_MESSAGES, scopeNames } from './google-messages';
import {
  authorizationUrl,
  exchangeCode,
  GoogleOAuthError,
  type GrantedTokens,
  oauthClient,
} from './google-oauth';
import { ownsSiteChannel, siteChannel, siteChannelLabel } from './site-channel';

type Outcome = { ok: boolean; message: string };
const refused = (message: string): Outcome => ({ ok: false, message });

/**
 * Connecting the owner's Google account: `start` sends the browser to Google's consent page (PKCE, a `state` bound to
 * this admin session, used once, 10 minutes), `finish` takes Google's redirect back: it checks the state, exchanges
 * the code, and keeps the refresh token only when the account's own channel is the site's. Either way the browser
 * goes back to the dashboard, where the card tells how it went.
 */
@Injectable()
export class GoogleConnectService {
  constructor(
    private readonly accounts: GoogleAccountService,
    private readonly store: GoogleAccountStore,
    private readonly settings: SettingsService,
    private readonly channels: ChannelService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The exact redirect URI Google must have registered: the site's origin and GOOGLE_CALLBACK_PATH. */
  redirectUri(req: Request): string {
    return `${siteOrigin(req, this.env.PUBLIC_URL)}${GOOGLE_CALLBACK_PATH}`;
  }

  async status(req: Request): Promise<GoogleAccountStatus> {
    const [stored, config] = await Promise.all([this.store.find(), this.accounts.oauthConfig()]);
    return toGoogleAccountStatus({
      stored,
      clientConfigured: config !== null,
      redirectUri: this.redirectUri(req),
      attempt: req.session.googleAttempt,
      now: this.clock.now(),
    });
  }

  /**
   * The consent page's address, asking for the revenue scope when `revenue`, and for youtube.force-ssl when `captions`
   * (by default: while "Transcripts from YouTube" is on). It asks for what the connected account has not granted yet, and
   * `include_granted_scopes` adds what it had (incremental authorization). With nothing connected it asks for
   * exactly what the owner ticked, without `include_granted_scopes`: a grant Google still holds from before (a
   * Disconnect it did not hear of) would otherwise bring back Revenue the owner left unticked.
   */
  async start(req: Request, revenue: boolean, captions?: boolean): Promise<GoogleAuthorization> {
    const config = await this.accounts.oauthConfig();
    if (!config) throw new BadRequestException(GOOGLE_MESSAGES.clientMissing);
    if (!(await siteChannel(this.settings, this.channels, this.env))) {
      throw new BadRequestException(`channel: ${YOUTUBE_MESSAGES.missingChannel}`);
    }
    const withCaptions = captions ?? (await this.settings.get('youtubeCaptions'));
    const wanted = [
      ...REQUIRED_GOOGLE_SCOPES,
      ...(revenue ? [GOOGLE_SCOPES.revenue] : []),
      ...(withCaptions ? [GOOGLE_SCOPES.captions] : []),
    ];
    const stored = await this.store.find();
    const held = stored?.row.state === 'connected' ? stored.row.scopes.split(' ') : [];
    const missing = wanted.filter((scope) => !held.includes(scope));
    const scopes = missing.length ? missing : wanted;
    const redirectUri = this.redirectUri(req);
    const client = await oauthClient(config, redirectUri);
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const state = newState();
    req.session.googleConnect = { state, codeVerifier, redirectUri, scopes, startedAt: this.clock.now() };
    delete req.session.googleAttempt;
    return {
      authorizationUrl: authorizationUrl(client, {
        scopes,
        state,
        codeChallenge: codeChallenge!,
        includeGranted: held.length > 0,
      }),
    };
  }

  /** Google's redirect back (`code` and `state`, or `error`): where to send the browser next. */
  async finish(req: Request, query: Record<string, unknown>): Promise<string> {
    const pending = matchPending(req.session.googleConnect, query.state, this.clock.now());
    // Used once: a replay, or a second tab's answer, finds nothing. A forged state leaves the real one waiting.
    if (pending) delete req.session.googleConnect;
    const outcome = pending
      ? await this.complete(req, pending, query)
      : refused(GOOGLE_MESSAGES.stateMismatch);
    req.session.googleAttempt = { ...outcome, at: new Date(this.clock.now()).toISOString() };
    return GOOGLE_RETURN_PATH;
  }

  private async complete(
    req: Request,
    pending: PendingConnect,
    query: Record<string, unknown>,
  ): Promise<Outcome> {
    if (query.error !== undefined) {
      return refused(
        query.error === 'access_denied'
          ? GOOGLE_MESSAGES.denied
          : GOOGLE_MESSAGES.googleError(String(query.error)),
      );
    }
    if (typeof query.code !== 'string' || !query.code) return refused(GOOGLE_MESSAGES.googleError('no code'));
    const config = await this.accounts.oauthConfig();
    if (!config) return refused(GOOGLE_MESSAGES.clientMissing);
    let tokens: GrantedTokens;
    try {
      tokens = await exchangeCode(
        await oauthClient(config, pending.redirectUri),
        query.code,
        pending.codeVerifier,
        pending.redirectUri,
      );
    } catch (error) {
      const failure =
        error instanceof GoogleOAuthError ? error : new GoogleOAuthError('network', 0, String(error));
      return refused(
        failure.code === 'network'
          ? GOOGLE_MESSAGES.unreachable(failure.description)
          : GOOGLE_MESSAGES.exchangeFailed(failure, pending.redirectUri),
      );
    }
    if (!REQUIRED_GOOGLE_SCOPES.every((scope) => tokens.scopes.includes(scope))) {
      return refused(GOOGLE_MESSAGES.missingScopes);
    }
    return this.keep(req, tokens);
  }

  /** Stores the grant if the account's own channel is the site's; otherwise nothing is stored. */
  private async keep(req: Request, tokens: GrantedTokens): Promise<Outcome> {
    const site = await siteChannel(this.settings, this.channels, this.env);
    if (!site) return refused(YOUTUBE_MESSAGES.missingChannel);
    let own;
    try {
      own = await ownChannel(this.accounts.endpoints, tokens.accessToken, this.accounts.policy);
    } catch (error) {
      const detail =
        error instanceof GoogleApiError ? `${error.reason}: ${error.message}` : (error as Error).message;
      return refused(GOOGLE_MESSAGES.unreachable(detail));
    }
    if (!own) return refused(GOOGLE_MESSAGES.noChannel(siteChannelLabel(site)));
    if (!ownsSiteChannel(site, own)) {
      return refused(GOOGLE_MESSAGES.otherChannel(channelLabel(own.id, own.title), siteChannelLabel(site)));
    }
    let refreshToken = tokens.refreshToken;
    if (!refreshToken) {
      // Google sends none for a consent it already had: the stored one of the same channel still holds the grant.
      const stored = await this.store.find();
      if (stored?.row.channelId !== own.id || !stored.refreshToken)
        return refused(GOOGLE_MESSAGES.noRefreshToken);
      refreshToken = stored.refreshToken;
    }
    await this.store.save({
      channelId: own.id,
      channelTitle: own.title,
      scopes: tokens.scopes,
      refreshToken,
    });
    this.accounts.connected();
    const label = channelLabel(own.id, own.title);
    await this.audit.record(
      'google-connected',
      actorOf(req),
      `${label}; scopes: ${scopeNames(tokens.scopes)}`,
    );
    return {
      ok: true,
      message: GOOGLE_MESSAGES.connected(
        label,
        tokens.scopes.includes(GOOGLE_SCOPES.revenue),
        tokens.scopes.includes(GOOGLE_SCOPES.captions),
      ),
    };
  }
}
