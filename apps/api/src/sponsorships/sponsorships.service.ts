import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { deleteAll, insertChunked } from '../database/bulk-writes';
import { SponsorshipEntity } from './sponsorship.entity';
import type { SponsorshipRow } from './sponsorship.mapper';

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

  /** Adds rows through the caller's transaction (a backup import). */
  insert(manager: EntityManager, rows: SponsorshipRow[]): Promise<void> {
    return insertChunked(manager, SponsorshipEntity, rows);
  }

  deleteAll(manager: EntityManager): Promise<void> {
    return deleteAll(manager, SponsorshipEntity);
  }
}
