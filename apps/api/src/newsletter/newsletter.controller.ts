import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  type NewsletterDeleteResult,
  newsletterSubscribeSchema,
  type NewsletterSubscribeResult,
  type NewsletterSummary,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { actorOf } from '../audit/audit-actor';
import { maskedEmail } from '../audit/audit-detail';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { Public } from '../common/public.decorator';
import { ZodParamPipe } from '../common/validation';
import { ApiJson, ApiText } from '../docs/api-response.decorators';
import { subscribersCsvFileName } from './newsletter-csv';
import {
  NewsletterDeleteResultDto,
  NewsletterSubscribeDto,
  NewsletterSubscribeResultDto,
  NewsletterSummaryDto,
} from './newsletter.dto';
import { NewsletterService } from './newsletter.service';
import { NewsletterThrottleService } from './newsletter-throttle.service';

@Controller()
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly throttle: NewsletterThrottleService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** The Subscribe form (public): throttled per IP; the body is capped in app.factory.ts. */
  @Public()
  @Post('newsletter/subscribe')
  @HttpCode(200)
  @ApiJson(NewsletterSubscribeResultDto, { errors: [400, 403, 413, 415, 429] })
  async subscribe(
    @Req() req: Request,
    @Body() body: NewsletterSubscribeDto,
  ): Promise<NewsletterSubscribeResult> {
    await this.throttle.consume(req.ip ?? 'unknown');
    return this.newsletter.subscribe(body.email, body.website);
  }

  @Get('admin/newsletter/summary')
  @ApiJson(NewsletterSummaryDto, { errors: [401] })
  summary(): Promise<NewsletterSummary> {
    return this.newsletter.summary();
  }

  /** Personal data: an attachment that no cache keeps. */
  @Get('admin/newsletter/subscribers.csv')
  @ApiText('text/csv', {
    description: 'The subscribers (email, signed up at, Mailchimp status)',
    errors: [401],
  })
  async csv(@Res({ passthrough: true }) res: Response): Promise<string> {
    const csv = await this.newsletter.csv();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${subscribersCsvFileName(new Date(this.clock.now()))}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    return csv;
  }

  @Delete('admin/newsletter/subscribers/:email')
  @ApiJson(NewsletterDeleteResultDto, { errors: [400, 401, 403, 404] })
  async remove(
    @Req() req: Request,
    @Param('email', new ZodParamPipe(newsletterSubscribeSchema.shape.email, 'email')) email: string,
  ): Promise<NewsletterDeleteResult> {
    const result = await this.newsletter.remove(email);
    // Only a hint of the address: the log must not keep what the deletion removed.
    await this.audit.record(
      'subscriber-deleted',
      actorOf(req),
      `${maskedEmail(email)} (${result.mailchimp})`,
    );
    return result;
  }
}
