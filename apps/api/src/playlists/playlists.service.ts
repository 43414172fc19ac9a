import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PlaylistEntity } from './playlist.entity';

@Injectable()
export class PlaylistsService {
  constructor(@InjectRepository(PlaylistEntity) private readonly playlists: Repository<PlaylistEntity>) {}

  /** In the platform's order; the page puts pinned ones first. */
  list(): Promise<PlaylistEntity[]> {
    return this.playlists.find({ order: { position: 'ASC', id: 'ASC' } });
  }

  /** Pins or unpins; SPEC §4: the page says up to 6, but no limit is enforced. */
  async pin(id: string, pinned: boolean): Promise<PlaylistEntity> {
    const playlist = await this.playlists.findOneBy({ id });
    if (!playlist) throw new NotFoundException(`Playlist ${id} not found`);
    await this.playlists.update({ id }, { pinned });
    return { ...playlist, pinned };
  }
}
