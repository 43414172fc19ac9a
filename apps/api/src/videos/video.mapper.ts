import type { Video } from '@app/contracts';
import type { VideoEntity } from './video.entity';

export function toVideo(entity: VideoEntity): Video {
  return {
    id: entity.id,
    title: entity.title,
    description: entity.description,
    thumbnail: entity.thumbnail,
    duration: entity.duration,
    durationSeconds: entity.durationSeconds,
    viewCount: entity.viewCount,
    publishedAt: entity.publishedAt.toISOString(),
    featured: entity.featured,
    kind: entity.kind,
  };
}
