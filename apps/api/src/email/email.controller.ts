import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { EmailSendTestResult, WeeklySummaryStatus } from '@app/contracts';
import { Clock } from '../common/clock';
import { ApiJson } from '../docs/api-response.decorators';
import { SettingsService } from '../settings/settings.service';
import { EmailSendTestResultDto, WeeklySummaryStatusDto } from './email.dto';
import { toWeeklySummaryRun } from './email.mapper';
import { EmailTestService } from './email-test.service';
import { nextSummaryAt } from './summary-week';
import { WeeklySummaryService } from './weekly-summary.service';

/** Admin only (the global session guard): neither route is @Public(). */
@Controller()
export class EmailController {
  constructor(
    private readonly tests: EmailTestService,
    private readonly weekly: WeeklySummaryService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** A refused message is still a 200: the answer says what the server said (`ok: false`). */
  @Post('integrations/email/send-test')
  @HttpCode(200)
  @ApiJson(EmailSendTestResultDto, { errors: [401, 403, 429] })
  sendTest(): Promise<EmailSendTestResult> {
    return this.tests.sendTest();
  }

  @Get('admin/weekly-summary')
  @ApiJson(WeeklySummaryStatusDto, { errors: [401] })
  async weeklySummary(): Promise<WeeklySummaryStatus> {
    const [enabled, lastRun] = await Promise.all([
      this.settings.get('emailWeeklySummary'),
      this.weekly.lastRun(),
    ]);
    return {
      enabled,
      nextAt: nextSummaryAt(this.clock.now()).toISOString(),
      lastRun: lastRun ? toWeeklySummaryRun(lastRun) : null,
    };
  }
}
