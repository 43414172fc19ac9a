import { Injectable, NotFoundException } from '@nestjs/common';
import type { SponsorshipInput } from '@app/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { deleteAll, insertChunked } from '../database/bulk-writes';
import { SponsorshipEntity } from './sponsorship.entity';
import { type SponsorshipRow, toBackupSponsorship, toSponsorshipRow } from './sponsorship.mapper';

@Injectable()
export class SponsorshipsService {
  constructor(
    @InjectRepository(SponsorshipEntity) private readonly sponsorships: Repository<SponsorshipEntity>,
  ) {}

  /** The latest start first. */
  list(): Promise<SponsorshipEntity[]> {
    return this.sponsorships.find({ order: { startDate: 'DESC', id: 'DESC' } });
  }

  create(row: SponsorshipRow): Promise<SponsorshipEntity> {
    return this.sponsorships.save(this.sponsorships.create(row));
  }

  async update(id: number, row: SponsorshipRow): Promise<SponsorshipEntity> {
    const found = await this.sponsorships.findOneBy({ id });
    if (!found) throw new NotFoundException(`Sponsorship ${id} not found`);
    return this.sponsorships.save(this.sponsorships.merge(found, row));
  }

  async remove(id: number): Promise<SponsorshipEntity> {
    const found = await this.sponsorships.findOneBy({ id });
    if (!found) throw new NotFoundException(`Sponsorship ${id} not found`);
    await this.sponsorships.delete({ id });
    return found;
  }

  /** The deals of a backup: oldest start first, so an import keeps their order (and ids follow it). */
  async backup(): Promise<Required<SponsorshipInput>[]> {
    const deals = await this.sponsorships.find({ order: { startDate: 'ASC', id: 'ASC' } });
    return deals.map(toBackupSponsorship);
  }

  /** Replaces every deal through the caller's transaction (a backup import). */
  async replaceAll(manager: EntityManager, deals: Required<SponsorshipInput>[]): Promise<void> {
    await deleteAll(manager, SponsorshipEntity);
    await insertChunked(manager, SponsorshipEntity, deals.map(toSponsorshipRow));
  }
}
