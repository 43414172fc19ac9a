import type { SiteImage, Video } from '@app/contracts';
import type { VideoEntity } from './video.entity';

/** A video as the API answers it, with the site's own copy of its thumbnail (null: none yet). */
export function toVideo(entity: VideoEntity, image: SiteImage | null): Video {
  return {
    id: entity.id,
    title: entity.title,
    description: entity.description,
    thumbnail: entity.thumbnail,
    image,
    duration: entity.duration,
    durationSeconds: entity.durationSeconds,
    viewCount: entity.viewCount,
    publishedAt: entity.publishedAt.toISOString(),
    featured: entity.featured,
    kind: entity.kind,
  };
}
