import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SPONSOR_REPORT_MAX_LIVE_LINKS } from '@app/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { SECRET_KEYS, type SecretKeys } from '../config/secret-keys';
import { deleteAll } from '../database/bulk-writes';
import { SponsorReportLinkEntity } from './sponsor-report-link.entity';
import { isReportLinkToken, newLinkNonce, reportLinkIdOf, signReportLink } from './sponsor-report-tokens';

/** A link with its token (the token is never stored: it is signed again from the row and the key). */
export interface SignedReportLink {
  link: SponsorReportLinkEntity;
  /** Null once revoked: a revoked link's address is not handed out again. */
  token: string | null;
}

/** What a token opens: a deal's report, a revoked link (410), or nothing (404). */
export type ReportLinkCheck =
  { state: 'live'; sponsorshipId: number } | { state: 'revoked' } | { state: 'none' };

/** The report links of the deals (`sponsor_report_link`): made, listed, revoked and checked here only. */
@Injectable()
export class SponsorReportLinksService {
  private readonly key: Buffer;

  constructor(
    @InjectRepository(SponsorReportLinkEntity) private readonly links: Repository<SponsorReportLinkEntity>,
    @Inject(SECRET_KEYS) keys: SecretKeys,
    private readonly clock: Clock,
  ) {
    this.key = keys.sponsorReportLinks;
  }

  private signed(link: SponsorReportLinkEntity): SignedReportLink {
    return { link, token: link.revokedAt ? null : signReportLink(link.id, link.nonce, this.key) };
  }

  /** A deal's links, the newest first, revoked ones too. */
  async list(sponsorshipId: number): Promise<SignedReportLink[]> {
    const links = await this.links.find({ where: { sponsorshipId }, order: { id: 'DESC' } });
    return links.map((link) => this.signed(link));
  }

  /** A new link for an existing deal (the caller checked it); 409 past SPONSOR_REPORT_MAX_LIVE_LINKS live ones. */
  async create(sponsorshipId: number): Promise<SignedReportLink> {
    const live = await this.links.countBy({ sponsorshipId, revokedAt: IsNull() });
    if (live >= SPONSOR_REPORT_MAX_LIVE_LINKS) {
      throw new ConflictException(
        `This deal has ${SPONSOR_REPORT_MAX_LIVE_LINKS} report links that work: revoke one to make another`,
      );
    }
    const link = await this.links.save(this.links.create({ sponsorshipId, nonce: newLinkNonce() }));
    return this.signed(link);
  }

  /** Revokes a link (a revoked one stays as it is): its page and CSV answer 410 from the next request on. */
  async revoke(id: number): Promise<SignedReportLink> {
    const link = await this.links.findOneBy({ id });
    if (!link) throw new NotFoundException(`Report link ${id} not found`);
    if (!link.revokedAt) {
      link.revokedAt = new Date(this.clock.now());
      await this.links.update({ id }, { revokedAt: link.revokedAt });
    }
    return this.signed(link);
  }

  /** What `token` opens. A token of the wrong form or signature costs no read beyond its row. */
  async check(token: string): Promise<ReportLinkCheck> {
    const id = reportLinkIdOf(token);
    if (id === null) return { state: 'none' };
    const link = await this.links.findOneBy({ id });
    if (!link || !isReportLinkToken(token, link.id, link.nonce, this.key)) return { state: 'none' };
    return link.revokedAt ? { state: 'revoked' } : { state: 'live', sponsorshipId: link.sponsorshipId };
  }

  deleteForDeal(manager: EntityManager, sponsorshipId: number): Promise<unknown> {
    return manager.delete(SponsorReportLinkEntity, { sponsorshipId });
  }

  deleteAll(manager: EntityManager): Promise<void> {
    return deleteAll(manager, SponsorReportLinkEntity);
  }
}
