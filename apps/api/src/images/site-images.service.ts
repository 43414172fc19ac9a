import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImageSubjectKind, SiteImage } from '@app/contracts';
import { In, type Repository } from 'typeorm';
import { ImageEntity } from './image.entity';
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

  /** Maps rows with their images: `map(row, image)` for each (one query for all). */
  async with<T extends { id: string }, R>(
    kind: ImageSubjectKind,
    rows: T[],
    map: (row: T, image: SiteImage | null) => R,
  ): Promise<R[]> {
    const image = await this.of(
      kind,
      rows.map((row) => row.id),
    );
    return rows.map((row) => map(row, image(row.id)));
  }

  /** One row with its image. */
  async withOne<T extends { id: string }, R>(
    kind: ImageSubjectKind,
    row: T,
    map: (row: T, image: SiteImage | null) => R,
  ): Promise<R> {
    return map(row, (await this.of(kind, [row.id]))(row.id));
  }
}
