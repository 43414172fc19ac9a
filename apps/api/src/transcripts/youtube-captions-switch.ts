import { Injectable } from '@nestjs/common';
import { GOOGLE_SCOPES, type YoutubeCaptionsSwitchResult } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { GoogleAccountService } from '../google-account/google-account.service';
import { GoogleConnectService } from '../google-account/google-connect.service';
import { SettingsService } from '../settings/settings.service';
import { YoutubeCaptionsScheduler } from './youtube-captions-scheduler';
import { YoutubeCaptionsStatusService } from './youtube-captions-status';

/**
 * The owner's "Transcripts from YouTube" switch. On: while the connected account lacks youtube.force-ssl, the answer
 * carries the consent page asking Google for it alone (incremental authorization, as Revenue is asked later); with it,
 * a run starts. Off: a running run stops and every track read from YouTube is deleted (uploads stay), as on a
 * disconnection: nothing refreshes them any more, and the switch says the site shows no transcript from YouTube.
 */
@Injectable()
export class YoutubeCaptionsSwitch {
  constructor(
    private readonly settings: SettingsService,
    private readonly google: GoogleAccountService,
    private readonly connect: GoogleConnectService,
    private readonly scheduler: YoutubeCaptionsScheduler,
    private readonly statuses: YoutubeCaptionsStatusService,
  ) {}

  async turn(req: Request, enabled: boolean): Promise<YoutubeCaptionsSwitchResult> {
    if (!enabled) {
      await this.settings.update('youtubeCaptions', false, actorOf(req));
      await this.scheduler.stopAndRemove();
      return { status: await this.statuses.status(), authorizationUrl: null };
    }
    const account = await this.google.find();
    const scopes = account?.row.state === 'connected' ? account.row.scopes.split(' ') : null;
    // Asked first: a consent page that cannot be built (no OAuth client, no channel) is a 400 that changes nothing.
    const authorizationUrl =
      scopes && !scopes.includes(GOOGLE_SCOPES.captions)
        ? (await this.connect.start(req, scopes.includes(GOOGLE_SCOPES.revenue), true)).authorizationUrl
        : null;
    await this.settings.update('youtubeCaptions', true, actorOf(req));
    if (scopes && !authorizationUrl) this.scheduler.start('switch');
    return { status: await this.statuses.status(), authorizationUrl };
  }
}
