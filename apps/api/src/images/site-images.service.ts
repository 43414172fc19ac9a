import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SiteImage } from '@app/contracts';
import { In, type Repository } from 'typeorm';
import { ImageEntity, type ImageSubjectKind } from './image.entity';
import { toSiteImage } from './site-images';

/** An image of each id: what public answers put beside `thumbnail`. */
export type ImageOf = (id: string) => SiteImage | null;

/** The site's own images of videos and playlists, for the public answers (`image` beside `thumbnail`). */
@Injectable()
export class SiteImagesService {
  constructor(@InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>) {}

  /** The ready images of these ids, as a lookup (null for an id without one). */
  async of(kind: ImageSubjectKind, ids: string[]): Promise<ImageOf> {
    const unique = [...new Set(ids)];
    const rows = unique.length
      ? await this.images.find({ where: { kind, ref: In(unique), status: 'ready' } })
      : [];
    const byRef = new Map(rows.map((row) => [row.ref, toSiteImage(row)]));
    return (id) => byRef.get(id) ?? null;
  }
}
