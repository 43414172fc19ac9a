import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ChannelEntity } from './channel.entity';

@Injectable()
export class ChannelService {
  constructor(@InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>) {}

  /** The channel row, or null before the first sync or seed. */
  find(): Promise<ChannelEntity | null> {
    return this.channels.findOneBy({ id: ChannelEntity.SINGLETON_ID });
  }
}
