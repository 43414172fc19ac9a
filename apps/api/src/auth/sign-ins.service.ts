import { ADMIN_PATH } from '@app/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { renderNewDeviceEmail } from '../notifications/email-messages';
import { EmailService } from '../notifications/email.service';
import { SettingsService } from '../settings/settings.service';
import { deviceName } from './device-name';

/**
 * What follows a sign-in attempt (issue 25): the audit log's entry and, for a sign-in from a device that never
 * signed in before (as far as the log remembers), an e-mail to the owner when SMTP and the notification address
 * are set.
 */
@Injectable()
export class SignInsService {
  private readonly logger = new Logger(SignInsService.name);
  /** The last new-device e-mail, for the tests to wait on. */
  lastAlert: Promise<void> = Promise.resolve();

  constructor(
    private readonly audit: AuditService,
    private readonly email: EmailService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The admin on `req` just signed in, `how` (`password`, `password and two-factor code`). */
  async succeeded(req: Request, how: string): Promise<void> {
    const who = actorOf(req);
    const userAgent = req.get('user-agent');
    // A device is its browser and system: a browser update is not a new device.
    const device = deviceName(userAgent, { withVersion: false });
    const known = await this.audit.knownDevice(who.actor, device);
    await this.audit.record('sign-in', who, how, device);
    // The answer does not wait for the e-mail (retries may take seconds).
    if (!known) this.lastAlert = this.alert(who.actor, deviceName(userAgent), who.ipPrefix);
  }

  /** A sign-in refused: wrong password (or unknown name, `username` is what was typed), or a wrong code. */
  async failed(req: Request, username: string, why: string): Promise<void> {
    const device = deviceName(req.get('user-agent'), { withVersion: false });
    await this.audit.record('sign-in-failed', actorOf(req, username), why, device);
  }

  private async alert(username: string, device: string, ipPrefix: string): Promise<void> {
    try {
      const { notificationEmail, smtpHost } = await this.settings.getMany(['notificationEmail', 'smtpHost']);
      if (!smtpHost || !notificationEmail) return;
      const message = renderNewDeviceEmail({
        site: await this.settings.siteName(),
        username,
        device,
        ipPrefix,
        at: new Date(this.clock.now()),
        adminUrl: this.env.PUBLIC_URL ? new URL(ADMIN_PATH, this.env.PUBLIC_URL).href : null,
      });
      const outcome = await this.email.deliver({ to: notificationEmail, ...message });
      if (!outcome.ok) this.logger.warn(`The new-device e-mail was not sent: ${outcome.message}`);
    } catch (error) {
      this.logger.warn(`The new-device e-mail was not sent: ${(error as Error).message}`);
    }
  }
}
