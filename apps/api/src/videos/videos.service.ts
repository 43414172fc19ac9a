import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VideoSort } from '@app/contracts';
import type { Repository } from 'typeorm';
import { VideoEntity } from './video.entity';

export interface VideoPage {
  items: VideoEntity[];
  total: number;
}

const ORDER: Record<VideoSort, [string, 'ASC' | 'DESC'][]> = {
  recent: [
    ['video.publishedAt', 'DESC'],
    ['video.id', 'ASC'],
  ],
  popular: [
    ['video.viewCount', 'DESC'],
    ['video.publishedAt', 'DESC'],
    ['video.id', 'ASC'],
  ],
  oldest: [
    ['video.publishedAt', 'ASC'],
    ['video.id', 'ASC'],
  ],
};

/** `%` and `_` in the search text are literal characters, not wildcards ('!' escapes the same way on SQLite and MySQL). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

@Injectable()
export class VideosService {
  constructor(@InjectRepository(VideoEntity) private readonly videos: Repository<VideoEntity>) {}

  async list(options: { q?: string; sort: VideoSort; limit?: number; offset: number }): Promise<VideoPage> {
    const query = this.videos.createQueryBuilder('video');
    if (options.q) {
      query.where("(LOWER(video.title) LIKE :q ESCAPE '!' OR LOWER(video.description) LIKE :q ESCAPE '!')", {
        q: likePattern(options.q),
      });
    }
    ORDER[options.sort].forEach(([column, direction], i) =>
      i === 0 ? query.orderBy(column, direction) : query.addOrderBy(column, direction),
    );
    if (options.limit !== undefined) query.take(options.limit);
    if (options.offset) query.skip(options.offset);
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  featured(): Promise<VideoEntity | null> {
    return this.videos.findOne({ where: { featured: true }, order: { publishedAt: 'DESC' } });
  }

  /** Makes exactly one video featured. */
  async feature(id: string): Promise<VideoEntity> {
    return this.videos.manager.transaction(async (manager) => {
      const repo = manager.getRepository(VideoEntity);
      const video = await repo.findOneBy({ id });
      if (!video) throw new NotFoundException(`Video ${id} not found`);
      await repo.update({ featured: true }, { featured: false });
      await repo.update({ id }, { featured: true });
      return { ...video, featured: true };
    });
  }
}
