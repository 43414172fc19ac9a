import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { deleteAll } from '../database/bulk-writes';
import { ChannelEntity } from './channel.entity';

/** What a sync, a backup or the demo writes for the channel: the row has one fixed id. */
export type ChannelRow = Omit<ChannelEntity, 'id' | 'updatedAt'>;

/**
 * The one row of the `channel` table. Methods taking an EntityManager write through the caller's
 * transaction (a sync, a backup import, the demo seed), so only this module touches the table.
 */
@Injectable()
export class ChannelService {
  constructor(@InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>) {}

  /** The channel row, or null before the first sync or seed. */
  find(manager?: EntityManager): Promise<ChannelEntity | null> {
    return this.repository(manager).findOneBy({ id: ChannelEntity.SINGLETON_ID });
  }

  exists(manager?: EntityManager): Promise<boolean> {
    return this.repository(manager).exists();
  }

  /** Inserts or overwrites the row. */
  async save(manager: EntityManager, row: ChannelRow): Promise<void> {
    await this.repository(manager).save({ ...row, id: ChannelEntity.SINGLETON_ID });
  }

  /** Inserts the row; fails when there is one already. */
  async insert(manager: EntityManager, row: Partial<ChannelRow> & Pick<ChannelRow, 'title'>): Promise<void> {
    await this.repository(manager).insert({ ...row, id: ChannelEntity.SINGLETON_ID });
  }

  async deleteAll(manager: EntityManager): Promise<void> {
    await deleteAll(manager, ChannelEntity);
  }

  private repository(manager?: EntityManager): Repository<ChannelEntity> {
    return manager ? manager.getRepository(ChannelEntity) : this.channels;
  }
}
