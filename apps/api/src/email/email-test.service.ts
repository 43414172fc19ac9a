import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EmailSendTestResult } from '@app/contracts';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { type SmtpError, smtpFailure } from '../integrations/integration-checks';
import {
  describeSmtpServer,
  EmailService,
  NO_SMTP_SERVER,
  smtpReplyCode,
} from '../notifications/email.service';
import { outboundPolicy } from '../common/outbound/outbound-http';
import { SettingsService } from '../settings/settings.service';
import { AppLockService } from '../youtube/app-lock.service';

/** One test e-mail per this many seconds, across every API process (a claim in `app_lock`). */
export const SEND_TEST_INTERVAL_S = 10;
const SEND_TEST_CLAIM = 'email-send-test';

export const SEND_TEST_MESSAGES = {
  noAddress: 'No notification address is set: set the notification email under Integrations → Notifications',
  tooMany: `A test e-mail was just sent. Try again in ${SEND_TEST_INTERVAL_S} seconds.`,
} as const;

/** `POST /api/integrations/email/send-test`: one real message to the notification address, tried once. */
@Injectable()
export class EmailTestService {
  constructor(
    private readonly email: EmailService,
    private readonly settings: SettingsService,
    private readonly locks: AppLockService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async sendTest(): Promise<EmailSendTestResult> {
    const to = await this.settings.get('notificationEmail');
    if (!to) return { ok: false, to: '', message: SEND_TEST_MESSAGES.noAddress, status: null };
    const smtp = await this.email.smtpSettings();
    if (!smtp.smtpHost) return { ok: false, to, message: NO_SMTP_SERVER, status: null };
    if (!(await this.locks.claim(SEND_TEST_CLAIM, SEND_TEST_INTERVAL_S * 1000))) {
      throw new HttpException(SEND_TEST_MESSAGES.tooMany, HttpStatus.TOO_MANY_REQUESTS);
    }
    const server = describeSmtpServer(smtp);
    const sentAt = new Date(this.clock.now()).toISOString();
    try {
      const response = await this.email.send({
        to,
        subject: 'Test e-mail from your channel site',
        text: `This is a test e-mail sent from the admin dashboard at ${sentAt}.\n\nNew-video e-mails and the weekly summary go to this address.`,
        html: `<p>This is a test e-mail sent from the admin dashboard at ${sentAt}.</p><p>New-video e-mails and the weekly summary go to this address.</p>`,
      });
      return {
        ok: true,
        to,
        message: `The SMTP server ${server} accepted the message for ${to}: ${response.slice(0, 300)}`,
        status: smtpReplyCode(response),
      };
    } catch (error) {
      const e = error as SmtpError & { responseCode?: number };
      return {
        ok: false,
        to,
        message: smtpFailure(e, server, outboundPolicy(this.env).timeoutMs),
        status: typeof e.responseCode === 'number' ? e.responseCode : null,
      };
    }
  }
}
