import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  type NewsletterDeleteResult,
  newsletterSubscribeSchema,
  type NewsletterSubscribeResult,
  type NewsletterSummary,
} from '@app/contracts';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { actorOf } from '../audit/audit-actor';
import { maskedEmail } from '../audit/audit-detail';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { Public } from '../common/public.decorator';
import { ZodParamPipe } from '../common/validation';
import { ApiErrorDto, ApiErrors, ApiJson, ApiText } from '../docs/api-response.decorators';
import type { NewsletterPage } from './newsletter-pages';
import { subscribersCsvFileName } from './newsletter-csv';
import {
  NewsletterDeleteResultDto,
  NewsletterSubscribeDto,
  NewsletterSubscribeResultDto,
  NewsletterSummaryDto,
} from './newsletter.dto';
import { NewsletterService } from './newsletter.service';
import { NewsletterThrottleService } from './newsletter-throttle.service';

/**
 * A page of the signed links: 200, or 400 with a page saying why the link does not work to a browser (one that
 * asks for HTML), the ApiError JSON to any other client; 429 as JSON.
 */
const ApiLinkPage = (description: string) =>
  applyDecorators(
    ApiResponse({ status: 200, description, content: { 'text/html': { schema: { type: 'string' } } } }),
    ApiErrors(429),
    ApiResponse({
      status: 400,
      description:
        'The link does not work or has expired: the ApiError JSON, or a page saying so to a browser',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(ApiErrorDto.Output) } },
        'text/html': { schema: { type: 'string' } },
      },
    }),
  );

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

  /** The confirmation e-mail's signed link (public, throttled per network): a small page says what happened. */
  @Public()
  @Get('newsletter/confirm')
  @ApiLinkPage('A page: confirmed, or why the link does not work')
  async confirm(@Req() req: Request, @Res() res: Response, @Query('token') token?: unknown): Promise<void> {
    await this.throttle.consumeLink(req.ip ?? 'unknown');
    send(req, res, await this.newsletter.confirm(tokenOf(token)));
  }

  /** The unsubscribe link opened in a browser: a page with one button (posting to this same link). */
  @Public()
  @Get('newsletter/unsubscribe')
  @ApiLinkPage('A page asking to confirm the unsubscribe')
  async askUnsubscribe(
    @Req() req: Request,
    @Res() res: Response,
    @Query('token') token?: unknown,
  ): Promise<void> {
    await this.throttle.consumeLink(req.ip ?? 'unknown');
    send(req, res, await this.newsletter.askUnsubscribe(tokenOf(token)), "form-action 'self'");
  }

  /** RFC 8058 one-click unsubscribe (`List-Unsubscribe=One-Click`, form-encoded), or the page's button. */
  @Public()
  @Post('newsletter/unsubscribe')
  @ApiLinkPage('A page: unsubscribed, or why the link does not work')
  async unsubscribe(
    @Req() req: Request,
    @Res() res: Response,
    @Query('token') token?: unknown,
  ): Promise<void> {
    await this.throttle.consumeLink(req.ip ?? 'unknown');
    send(req, res, await this.newsletter.unsubscribe(tokenOf(token)));
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

/** A token is a string of a few hundred characters; anything else cannot be one. */
const tokenOf = (value: unknown): string => (typeof value === 'string' && value.length <= 2000 ? value : '');

/** A page of the signed links: HTML no cache keeps; the API's policy, plus posting the unsubscribe form. */
function send(req: Request, res: Response, page: NewsletterPage, formAction = "form-action 'none'"): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; frame-ancestors 'none'; base-uri 'none'; ${formAction}`,
  );
  if (page.status >= 400 && req.accepts(['json', 'html']) === 'json') {
    res
      .status(page.status)
      .json({ statusCode: page.status, message: `token: ${page.apiTitle}`, error: 'Bad Request' });
    return;
  }
  res.status(page.status).type('html').send(page.html);
}
