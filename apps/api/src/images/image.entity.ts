import type { ImageSubjectKind } from '@app/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** `pending`: to fetch (new, changed source, retry); `ready`: its files are in the store; `missing`: none to fetch. */
export type ImageStatus = 'pending' | 'ready' | 'missing';

/**
 * The site's own copy of one image (libs/contracts/src/site-image.ts): where it comes from, what was fetched (with
 * the validators for a conditional re-fetch) and, once ready, what the store holds under `hash`.
 */
@Index('idx_image_status', ['status'])
@Entity('image')
export class ImageEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: ImageSubjectKind;

  /** The video's or playlist's id; `channel` for the avatar and banner. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  ref: string;

  /** The image URL the sync read (YouTube's); the mirror tries its larger sizes first. */
  @Column({ type: 'varchar', length: 2048 })
  sourceUrl: string;

  /** The URL whose bytes are stored (the best size that existed). */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  fetchedUrl: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  etag: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lastModified: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: ImageStatus;

  /** The first 20 hex digits of the SHA-256 of the source bytes (`IMAGE_HASH_PATTERN`). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  hash: string | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  /** The widths made, ascending, comma-separated. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  widths: string | null;

  /** Bytes of every stored file together. */
  @Column({ type: 'int', nullable: true })
  bytes: number | null;

  @Column({ type: 'varchar', length: 7, nullable: true })
  color: string | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'datetime', nullable: true })
  checkedAt: Date | null;
}
