import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import {
  type SponsorReportLink,
  sponsorReportLinkIdSchema,
  type SponsorReportLinkList,
  sponsorshipIdSchema,
} from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ZodParamPipe } from '../common/validation';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { ApiJson } from '../docs/api-response.decorators';
import { siteOrigin } from '../public-pages/site-url';
import { toSponsorReportLink } from './sponsor-report-link.mapper';
import { SponsorReportLinksService } from './sponsor-report-links.service';
import { SponsorReportService } from './sponsor-report.service';
import { SponsorReportLinkDto, SponsorReportLinkListDto } from './sponsorships.dto';
import { SponsorshipsService } from './sponsorships.service';

/** A deal's sponsor report links: admin only (the global session guard), every write same-origin JSON. */
@Controller('admin')
export class SponsorReportLinksController {
  constructor(
    private readonly links: SponsorReportLinksService,
    private readonly sponsorships: SponsorshipsService,
    private readonly reports: SponsorReportService,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private origin(req: Request): string {
    return siteOrigin(req, this.env.PUBLIC_URL);
  }

  /** The deal's links, the newest first; a revoked one without its address. */
  @Get('sponsorships/:id/report-links')
  @ApiJson(SponsorReportLinkListDto, { errors: [400, 401, 404] })
  async list(
    @Param('id', new ZodParamPipe(sponsorshipIdSchema, 'id')) id: number,
    @Req() req: Request,
  ): Promise<SponsorReportLinkList> {
    await this.sponsorships.find(id);
    const links = await this.links.list(id);
    return { links: links.map((link) => toSponsorReportLink(link, this.origin(req))) };
  }

  /** A new unguessable link to the deal's report; its videos' figures start being read, so its first view has them. */
  @Post('sponsorships/:id/report-links')
  @HttpCode(201)
  @ApiJson(SponsorReportLinkDto, { status: 201, errors: [400, 401, 403, 404, 409, 415] })
  async create(
    @Param('id', new ZodParamPipe(sponsorshipIdSchema, 'id')) id: number,
    @Req() req: Request,
  ): Promise<SponsorReportLink> {
    const deal = await this.sponsorships.find(id);
    const link = await this.links.create(id);
    await this.audit.record('report-link-created', actorOf(req), `${deal.sponsorName}: link ${link.link.id}`);
    this.reports.refreshLater(deal.videoIds);
    return toSponsorReportLink(link, this.origin(req));
  }

  /** Revokes a link: its page and CSV answer 410 from the next request on. Answers the revoked link. */
  @Delete('sponsor-report-links/:id')
  @ApiJson(SponsorReportLinkDto, { errors: [400, 401, 403, 404] })
  async revoke(
    @Param('id', new ZodParamPipe(sponsorReportLinkIdSchema, 'id')) id: number,
    @Req() req: Request,
  ): Promise<SponsorReportLink> {
    const link = await this.links.revoke(id);
    await this.audit.record(
      'report-link-revoked',
      actorOf(req),
      `link ${id} of deal ${link.link.sponsorshipId}`,
    );
    return toSponsorReportLink(link, this.origin(req));
  }
}
