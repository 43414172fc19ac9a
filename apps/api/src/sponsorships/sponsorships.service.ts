import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { SponsorLink, SponsorshipInput } from '@app/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { deleteAll, insertChunked } from '../database/bulk-writes';
import { VideosService } from '../videos/videos.service';
import { SponsorReportLinksService } from './sponsor-report-links.service';
import { SponsorshipEntity } from './sponsorship.entity';
import { type SponsorshipRow, toBackupSponsorship, toSponsorshipRow } from './sponsorship.mapper';

@Injectable()
export class SponsorshipsService {
  constructor(
    @InjectRepository(SponsorshipEntity) private readonly sponsorships: Repository<SponsorshipEntity>,
    private readonly links: SponsorReportLinksService,
    private readonly videos: VideosService,
  ) {}

  /** The latest start first. */
  list(): Promise<SponsorshipEntity[]> {
    return this.sponsorships.find({ order: { startDate: 'DESC', id: 'DESC' } });
  }

  async find(id: number): Promise<SponsorshipEntity> {
    const found = await this.sponsorships.findOneBy({ id });
    if (!found) throw new NotFoundException(`Sponsorship ${id} not found`);
    return found;
  }

  async create(row: SponsorshipRow): Promise<SponsorshipEntity> {
    await this.checkVideos(row.videoIds);
    return this.sponsorships.save(this.sponsorships.create(row));
  }

  async update(id: number, row: SponsorshipRow): Promise<SponsorshipEntity> {
    const found = await this.find(id);
    await this.checkVideos(row.videoIds);
    return this.sponsorships.save(this.sponsorships.merge(found, row));
  }

  /** Deletes the deal and its report links: each link answers 404 from then on. */
  async remove(id: number): Promise<SponsorshipEntity> {
    const found = await this.find(id);
    await this.sponsorships.manager.transaction(async (manager) => {
      await this.links.deleteForDeal(manager, id);
      await manager.delete(SponsorshipEntity, { id });
    });
    return found;
  }

  /**
   * The links of the deals that name `videoId`: its watch page counts clicks on them (`sponsor_click` with the
   * deal's id). Deals are few (the owner types them in), so they are read whole.
   */
  async linksForVideo(videoId: string): Promise<SponsorLink[]> {
    const deals = await this.sponsorships.find({ order: { id: 'ASC' } });
    return deals
      .filter((deal) => deal.videoIds.includes(videoId))
      .map((deal) => ({ sponsorId: String(deal.id), url: deal.url }));
  }

  /** The deals of a backup: oldest start first, so an import keeps their order (and ids follow it). */
  async backup(): Promise<Required<SponsorshipInput>[]> {
    const deals = await this.sponsorships.find({ order: { startDate: 'ASC', id: 'ASC' } });
    return deals.map(toBackupSponsorship);
  }

  /**
   * Replaces every deal through the caller's transaction (a backup import). The deals are numbered anew, so every
   * report link goes too: a link must never open another deal's report.
   */
  async replaceAll(manager: EntityManager, deals: Required<SponsorshipInput>[]): Promise<void> {
    await this.links.deleteAll(manager);
    await deleteAll(manager, SponsorshipEntity);
    await insertChunked(manager, SponsorshipEntity, deals.map(toSponsorshipRow));
  }

  /** A deal names videos the site has (a 400 naming the first one it does not). */
  private async checkVideos(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const known = await this.videos.titles(ids);
    const at = ids.findIndex((id) => !known.has(id));
    if (at >= 0) throw new BadRequestException(`videoIds.${at}: ${ids[at]} is not a video of this site`);
  }
}
